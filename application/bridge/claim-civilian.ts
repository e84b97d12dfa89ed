import type { CivilianId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { findOrRegisterCivilian } from './civilian-records.ts';
import { type PersonRequest, describePerson } from './person-input.ts';
import { playerNote, writeAsLinkedPlayer } from './player-writes.ts';

/**
 * `/civilian/claim`: a linked player claims a civilian (found or registered as for `/civilian`)
 * as their own. Claiming one's own again succeeds; another player's is `already_claimed`.
 */
export class ClaimCivilian {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'civilians' | 'ids' | 'writes'>) {}

  async execute(
    input: PersonRequest,
  ): Promise<Outcome<{ civilianId: CivilianId }, 'not_linked' | 'already_claimed' | 'invalid_date_of_birth'>> {
    const person = describePerson(input.civilian);
    if (!person.ok) return person;
    const { grant } = input;
    return writeAsLinkedPlayer(this.ports.gate, this.ports.writes, input, async ({ characterId }, now) => {
      const found = await findOrRegisterCivilian(this.ports.civilians, this.ports.ids, grant.organisationId, person.value, now, {
        forUpdate: true,
      });
      const { civilian } = found;
      const before = civilian.claimedBy;
      const claimed = civilian.claim(characterId);
      if (!claimed.ok) return claimed;
      const result = { civilianId: civilian.id };
      if (before === characterId) return unchanged(result);
      await this.ports.civilians.save(civilian);
      return audited(
        result,
        playerNote(grant, characterId, 'civilian.claimed', { type: 'civilian', id: civilian.id }, { created: found.created }),
      );
    });
  }
}
