import type { Operator } from '../../domain/operator/operator.ts';
import type { Civilian } from '../../domain/records/civilian.ts';
import { DateOfBirth } from '../../domain/records/date-of-birth.ts';
import type { Vehicle, VehicleChange } from '../../domain/records/vehicle.ts';
import { type Warrant, type WarrantChange, changeWarrant } from '../../domain/records/warrant.ts';
import type { CivilianId, OrganisationId, VehicleId, WarrantId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { AccessRefusal } from './operator-access.ts';
import { inOrganisation, nothingToCheck } from './organisation-writes.ts';

/**
 * An operator's corrections of the records (decision 0145), each a PATCH of one record named in its
 * organisation: the key must reach the organisation and hold `records.manage`; a record of another
 * organisation is `not_found`, as if it did not exist. The record is held against concurrent
 * writers while it changes, and the domain decides what may change. A change that changes nothing
 * is answered with the record as it is, and writes no audit entry.
 */

/** The fields a request names, of those given: what the audit entry says was changed. */
const named = (fields: object) => Object.entries(fields).flatMap(([field, value]) => (value === undefined ? [] : [field]));

export interface UpdateCivilianInput {
  readonly operator: Operator;
  readonly organisationId: OrganisationId;
  readonly civilianId: CivilianId;
  readonly firstName?: string;
  readonly lastName?: string;
  /** `YYYY-MM-DD`, or null for none known. */
  readonly dateOfBirth?: string | null;
  readonly licenseStatus?: string;
}

export type UpdateCivilianRefusal = AccessRefusal | 'nothing_to_change' | 'invalid_date_of_birth' | 'claimed_record';

/** Corrects a civilian's names or date of birth, or sets their licence status (a licence suspended, say). */
export class UpdateCivilian {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'civilians' | 'writes'>) {}

  async execute(input: UpdateCivilianInput): Promise<Outcome<Civilian, UpdateCivilianRefusal>> {
    const { organisationId, civilianId, firstName, lastName, dateOfBirth, licenseStatus } = input;
    const fields = named({ firstName, lastName, dateOfBirth, licenseStatus });
    if (fields.length === 0) return refuse('nothing_to_change');
    const parseDateOfBirth = (): Outcome<DateOfBirth | null | undefined, 'invalid_date_of_birth'> =>
      dateOfBirth === undefined || dateOfBirth === null ? accept(dateOfBirth) : DateOfBirth.parse(dateOfBirth);
    return inOrganisation(this.ports.organisations, this.ports.writes).write(input, 'records.manage', parseDateOfBirth, async (born) => {
      const civilian = await this.ports.civilians.getForUpdate(civilianId);
      if (civilian === null || civilian.organisationId !== organisationId) return refuse('not_found');
      const amended = civilian.amend({ firstName, lastName, dateOfBirth: born, licenseStatus });
      if (!amended.ok) return amended;
      if (!amended.value) return unchanged(civilian);
      await this.ports.civilians.save(civilian);
      const details = { fields, ...(licenseStatus === undefined ? {} : { licenseStatus }) };
      return audited(civilian, auditNote(organisationId, 'civilian.updated', { type: 'civilian', id: civilian.id }, details));
    });
  }
}

export interface UpdateVehicleInput extends VehicleChange {
  readonly operator: Operator;
  readonly organisationId: OrganisationId;
  readonly vehicleId: VehicleId;
}

export type UpdateVehicleRefusal = AccessRefusal | 'nothing_to_change' | 'unknown_civilian';

/** Corrects a registration's details, gives it another owner (or none), or sets its status (`STOLEN`, say). */
export class UpdateVehicle {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'civilians' | 'vehicles' | 'writes'>) {}

  async execute(input: UpdateVehicleInput): Promise<Outcome<Vehicle, UpdateVehicleRefusal>> {
    const { organisationId, vehicleId, make, model, color, ownerCivilianId, registrationStatus } = input;
    const change: VehicleChange = { make, model, color, ownerCivilianId, registrationStatus };
    const fields = named(change);
    if (fields.length === 0) return refuse('nothing_to_change');
    return inOrganisation(this.ports.organisations, this.ports.writes).write(input, 'records.manage', nothingToCheck, async () => {
      const found = await this.ports.vehicles.get(vehicleId);
      if (found === null || found.organisationId !== organisationId) return refuse('not_found');
      // Held by its plate, which an edit never changes, as every writer of a registration holds it.
      const vehicle = await this.ports.vehicles.findByPlateForUpdate(organisationId, found.plate.key);
      if (vehicle === null) return refuse('not_found');
      if (ownerCivilianId) {
        const owner = await this.ports.civilians.get(ownerCivilianId);
        if (owner?.organisationId !== organisationId) return refuse('unknown_civilian');
      }
      if (!vehicle.amend(change)) return unchanged(vehicle);
      await this.ports.vehicles.save(vehicle);
      const { plate } = vehicle.snapshot();
      const facts = { ownerCivilianId, registrationStatus };
      const details = { plate, fields, ...Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined)) };
      return audited(vehicle, auditNote(organisationId, 'vehicle.updated', { type: 'vehicle', id: vehicle.id }, details));
    });
  }
}

export interface UpdateWarrantInput extends WarrantChange {
  readonly operator: Operator;
  readonly organisationId: OrganisationId;
  readonly warrantId: WarrantId;
}

export type UpdateWarrantRefusal = AccessRefusal | 'nothing_to_change' | 'invalid_transition';

/** Marks a warrant served or recalled (or active again, after a recall), or rewrites its description. */
export class UpdateWarrant {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'warrants' | 'writes'>) {}

  async execute(input: UpdateWarrantInput): Promise<Outcome<Warrant, UpdateWarrantRefusal>> {
    const { organisationId, warrantId, status, description } = input;
    const fields = named({ status, description });
    if (fields.length === 0) return refuse('nothing_to_change');
    return inOrganisation(this.ports.organisations, this.ports.writes).write(input, 'records.manage', nothingToCheck, async () => {
      const warrant = await this.ports.warrants.getForUpdate(warrantId);
      if (warrant === null || warrant.organisationId !== organisationId) return refuse('not_found');
      const changed = changeWarrant(warrant, { status, description });
      if (!changed.ok) return changed;
      if (!changed.value.changed) return unchanged(warrant);
      const next = changed.value.warrant;
      await this.ports.warrants.update(next);
      const details = { civilianId: next.civilianId, from: warrant.status, status: next.status, fields };
      return audited(next, auditNote(organisationId, 'warrant.updated', { type: 'warrant', id: next.id }, details));
    });
  }
}
