import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import { type Arrest, type Charge, checkCharges } from '../../domain/records/arrest.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { ArrestId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { ArrestRepository } from '../ports/incident-records-repositories.ts';
import type { RecordNumbers } from '../ports/record-numbers.ts';
import type { CivilianRepository } from '../ports/records-repositories.ts';
import { nextRecordNumber } from '../records/record-numbering.ts';
import { credentialActor } from './bridge-actor.ts';
import type { BridgeGate } from './bridge-gate.ts';
import { findOrRegisterCivilian } from './civilian-records.ts';
import { type PersonInput, describePerson } from './person-input.ts';

export interface LogArrestInput {
  readonly grant: GameGrant;
  readonly identifiers: PlayerIdentifiers;
  readonly civilian: PersonInput & { readonly dateOfBirth: string };
  readonly locationText: string;
  readonly narrative: string;
  readonly charges: readonly Charge[];
}

/** `/arrest`: an on-duty officer books a person on one to twenty charges. */
export class LogArrest {
  constructor(
    private readonly gate: BridgeGate,
    private readonly arrests: ArrestRepository,
    private readonly civilians: CivilianRepository,
    private readonly numbers: RecordNumbers,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  async execute(
    input: LogArrestInput,
  ): Promise<Outcome<{ arrestId: ArrestId; arrestNumber: string }, GateRefusal | 'invalid_date_of_birth' | 'charges_out_of_range'>> {
    const person = describePerson(input.civilian);
    if (!person.ok) return person;
    const charges = checkCharges(input.charges);
    if (!charges.ok) return charges;
    const { grant } = input;
    return this.writes.run(credentialActor(grant), async (now) => {
      const officer = await this.gate.onDuty(grant, input.identifiers);
      if (!officer.ok) return officer;
      const { civilian, created } = await findOrRegisterCivilian(this.civilians, this.ids, grant.organisationId, person.value, now);
      const arrest: Arrest = {
        id: this.ids.next<ArrestId>(),
        organisationId: grant.organisationId,
        number: await nextRecordNumber(this.numbers, grant.organisationId, 'arrest', now),
        civilianId: civilian.id,
        locationText: input.locationText,
        narrative: input.narrative,
        charges: charges.value.map((c) => ({ statuteCode: c.statuteCode, statuteDescription: c.statuteDescription })),
        bookedBy: { characterId: officer.value.characterId, unitId: officer.value.unitId, credentialId: grant.credentialId },
        bookedAt: now,
      };
      await this.arrests.add(arrest);
      return audited(
        { arrestId: arrest.id, arrestNumber: arrest.number },
        {
          organisationId: grant.organisationId,
          action: 'arrest.booked',
          subject: { type: 'arrest', id: arrest.id },
          playerCharacterId: officer.value.characterId,
          details: { arrestNumber: arrest.number, civilianId: civilian.id, civilianCreated: created, charges: arrest.charges.length },
        },
      );
    });
  }
}
