import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { Citation } from '../../domain/records/citation.ts';
import { Plate } from '../../domain/records/plate.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CitationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { CitationRepository } from '../ports/incident-records-repositories.ts';
import type { RecordNumbers } from '../ports/record-numbers.ts';
import type { CivilianRepository } from '../ports/records-repositories.ts';
import { nextRecordNumber } from '../records/record-numbering.ts';
import { credentialActor } from './bridge-actor.ts';
import type { BridgeGate } from './bridge-gate.ts';
import { findOrRegisterCivilian } from './civilian-records.ts';
import { type PersonInput, describePerson } from './person-input.ts';

export interface IssueCitationInput {
  readonly grant: GameGrant;
  readonly identifiers: PlayerIdentifiers;
  readonly civilian: PersonInput & { readonly dateOfBirth: string };
  /** Empty when no vehicle was involved. */
  readonly plate: string;
  readonly locationText: string;
  readonly statuteCode: string;
  readonly statuteDescription: string;
  readonly fineAmount: number;
}

/** `/citation`: an on-duty officer cites a person, registered on the spot if the records lack them. */
export class IssueCitation {
  constructor(
    private readonly gate: BridgeGate,
    private readonly citations: CitationRepository,
    private readonly civilians: CivilianRepository,
    private readonly numbers: RecordNumbers,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  async execute(
    input: IssueCitationInput,
  ): Promise<Outcome<{ citationId: CitationId; citationNumber: string }, GateRefusal | 'invalid_date_of_birth' | 'invalid_plate'>> {
    const person = describePerson(input.civilian);
    if (!person.ok) return person;
    const plate = input.plate.trim() === '' ? accept(null) : Plate.parse(input.plate);
    if (!plate.ok) return plate;
    const { grant } = input;
    return this.writes.run(credentialActor(grant), async (now) => {
      const officer = await this.gate.onDuty(grant, input.identifiers);
      if (!officer.ok) return officer;
      const { civilian, created } = await findOrRegisterCivilian(this.civilians, this.ids, grant.organisationId, person.value, now);
      const citation: Citation = {
        id: this.ids.next<CitationId>(),
        organisationId: grant.organisationId,
        number: await nextRecordNumber(this.numbers, grant.organisationId, 'citation', now),
        civilianId: civilian.id,
        plate: plate.value?.display ?? null,
        locationText: input.locationText,
        statuteCode: input.statuteCode,
        statuteDescription: input.statuteDescription,
        fineAmount: input.fineAmount,
        issuedBy: { characterId: officer.value.characterId, unitId: officer.value.unitId, credentialId: grant.credentialId },
        issuedAt: now,
      };
      await this.citations.add(citation);
      return audited(
        { citationId: citation.id, citationNumber: citation.number },
        {
          organisationId: grant.organisationId,
          action: 'citation.issued',
          subject: { type: 'citation', id: citation.id },
          playerCharacterId: officer.value.characterId,
          details: { citationNumber: citation.number, civilianId: civilian.id, civilianCreated: created, statuteCode: input.statuteCode },
        },
      );
    });
  }
}
