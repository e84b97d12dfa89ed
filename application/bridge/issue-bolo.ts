import { Bolo } from '../../domain/bolo/bolo.ts';
import type { BoloScope, BoloSeverity } from '../../domain/bolo/bolo-terms.ts';
import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import { Plate } from '../../domain/records/plate.ts';
import { Vehicle } from '../../domain/records/vehicle.ts';
import type { BoloId, VehicleId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import { UniqueConstraintViolation } from '../ports/persistence-errors.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { nextRecordNumber } from '../records/record-numbering.ts';
import { type PersonDescription, findOrRegisterCivilian } from './civilian-records.ts';
import { type PersonInput, describePerson } from './person-input.ts';
import { type PlayerRequest, playerNote, writeAsOfficer } from './player-writes.ts';

export interface IssueBoloInput extends PlayerRequest {
  readonly subject: { readonly civilian?: PersonInput; readonly plate?: string };
  readonly severity: BoloSeverity;
  readonly scope: BoloScope;
  readonly subjectDescription: string;
  readonly reason: string;
  readonly narrative?: string;
}

export type IssueBoloRefusal = GateRefusal | 'no_subject' | 'invalid_date_of_birth' | 'invalid_plate';

/**
 * `/bolo`: an on-duty officer issues a BOLO for their department about a person, a vehicle or
 * both. A subject the records do not know yet is registered with it.
 */
export class IssueBolo {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'bolos' | 'civilians' | 'vehicles' | 'recordNumbers' | 'ids' | 'writes'>) {}

  async execute(input: IssueBoloInput): Promise<Outcome<{ boloId: BoloId; boloNumber: string }, IssueBoloRefusal>> {
    const { civilian, plate: rawPlate } = input.subject;
    if (civilian === undefined && rawPlate === undefined) return refuse('no_subject');
    const person = civilian === undefined ? accept(null) : describePerson(civilian);
    if (!person.ok) return person;
    const plate = rawPlate === undefined ? accept(null) : Plate.parse(rawPlate);
    if (!plate.ok) return plate;
    try {
      return await this.issue(input, person.value, plate.value);
    } catch (error) {
      // A concurrent write registered the same plate a moment ago: now it is found.
      if (error instanceof UniqueConstraintViolation && error.constraint === 'vehicle_plate') {
        return this.issue(input, person.value, plate.value);
      }
      throw error;
    }
  }

  private issue(input: IssueBoloInput, person: PersonDescription | null, plate: Plate | null) {
    const { grant } = input;
    return writeAsOfficer(this.ports.gate, this.ports.writes, input, async (officer, now) => {
      const civilian =
        person === null ? null : await findOrRegisterCivilian(this.ports.civilians, this.ports.ids, grant.organisationId, person, now);
      const vehicle = plate === null ? null : await this.findOrRegisterVehicle(grant, plate, now);
      const number = await nextRecordNumber(this.ports.recordNumbers, grant.organisationId, 'bolo', now);
      // About whoever and whatever the records now hold for the subject the officer described.
      const subjects = { subjectCivilianId: civilian?.civilian.id ?? null, subjectVehicleId: vehicle?.vehicle.id ?? null };
      const issued = Bolo.issue(
        {
          ...subjects,
          id: this.ports.ids.next<BoloId>(),
          organisationId: grant.organisationId,
          number,
          issuingDepartmentId: officer.departmentId,
          severity: input.severity,
          scope: input.scope,
          subjectDescription: input.subjectDescription,
          reason: input.reason,
          narrative: input.narrative ?? null,
          internalNotes: null,
          expiresAt: null,
          issuedBy: { kind: 'character', characterId: officer.characterId },
        },
        now,
      );
      if (!issued.ok) return issued;
      await this.ports.bolos.save(issued.value);
      const details = {
        boloNumber: number,
        unitId: officer.unitId,
        severity: input.severity,
        scope: input.scope,
        ...(civilian === null ? {} : { civilianId: civilian.civilian.id, civilianCreated: civilian.created }),
        ...(vehicle === null ? {} : { vehicleId: vehicle.vehicle.id, vehicleCreated: vehicle.created }),
      };
      const note = playerNote(grant, officer.characterId, 'bolo.issued', { type: 'bolo', id: issued.value.id }, details);
      return audited({ boloId: issued.value.id, boloNumber: number }, note);
    });
  }

  private async findOrRegisterVehicle(grant: GameGrant, plate: Plate, now: Date) {
    const found = await this.ports.vehicles.findByPlate(grant.organisationId, plate.key);
    if (found !== null) return { vehicle: found, created: false };
    const vehicle = Vehicle.register({ id: this.ports.ids.next<VehicleId>(), organisationId: grant.organisationId, plate }, now);
    await this.ports.vehicles.save(vehicle);
    return { vehicle, created: true };
  }
}
