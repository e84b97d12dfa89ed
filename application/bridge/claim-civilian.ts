import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CivilianId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited, unchanged } from '../audit/audited-writes.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { CivilianRepository } from '../ports/records-repositories.ts';
import { credentialActor } from './bridge-actor.ts';
import type { BridgeGate } from './bridge-gate.ts';
import { findOrRegisterCivilian } from './civilian-records.ts';
import { type PersonInput, describePerson } from './person-input.ts';

/**
 * `/civilian/claim`: a linked player claims a civilian (found or registered as for `/civilian`)
 * as their own. Claiming one's own again succeeds; another player's is `already_claimed`.
 */
export class ClaimCivilian {
  constructor(
    private readonly gate: BridgeGate,
    private readonly civilians: CivilianRepository,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  async execute(input: {
    grant: GameGrant;
    identifiers: PlayerIdentifiers;
    civilian: PersonInput & { readonly dateOfBirth: string };
  }): Promise<Outcome<{ civilianId: CivilianId }, 'not_linked' | 'already_claimed' | 'invalid_date_of_birth'>> {
    const person = describePerson(input.civilian);
    if (!person.ok) return person;
    const { grant } = input;
    return this.writes.run(credentialActor(grant), async (now) => {
      const player = await this.gate.linked(grant, input.identifiers);
      if (!player.ok) return player;
      const found = await findOrRegisterCivilian(this.civilians, this.ids, grant.organisationId, person.value, now);
      const civilian = found.created ? found.civilian : await this.civilians.getForUpdate(found.civilian.id);
      if (civilian === null) return refuse('already_claimed');
      const before = civilian.claimedBy;
      const claimed = civilian.claim(player.value.characterId);
      if (!claimed.ok) return claimed;
      const result = { civilianId: civilian.id };
      if (before === player.value.characterId) return unchanged(result);
      await this.civilians.save(civilian);
      return audited(result, {
        organisationId: grant.organisationId,
        action: 'civilian.claimed',
        subject: { type: 'civilian', id: civilian.id },
        playerCharacterId: player.value.characterId,
        details: { created: found.created },
      });
    });
  }
}
