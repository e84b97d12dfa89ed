import { normaliseLinkCode } from '../../domain/roster/link-code.ts';
import { MDT_CONFIRMATION_TTL_MS, MDT_HANDOFF_TTL_MS } from '../../domain/roster/mdt-handoff.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { credentialActor } from './bridge-actor.ts';
import { type PlayerRequest, playerNote } from './player-writes.ts';

export interface ConfirmMdtHandoffInput extends PlayerRequest {
  /** The code the MDT page shows in the player's browser, as typed in the game. */
  readonly code: string;
}

/**
 * `/mdt-handoff/confirm` (an extension of the contract, decision 0095): the player types in the game
 * the code that the page which opened their hand-off shows, and that page gets its session. Only a
 * hand-off of the same character through the same credential, opened by a page and still waiting,
 * can be confirmed; any other code is `invalid_or_expired_code`.
 */
export class ConfirmMdtHandoff {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'mdtHandoffs' | 'hasher' | 'writes'>) {}

  execute(input: ConfirmMdtHandoffInput): Promise<Outcome<null, 'not_linked' | 'invalid_or_expired_code'>> {
    const { grant } = input;
    return this.ports.writes.run(credentialActor(grant), async (now) => {
      const player = await this.ports.gate.player(grant, input.identifiers);
      if (player === null) return refuse('not_linked');
      // A hand-off opened within its life can wait as long again: older ones cannot be waiting.
      const since = new Date(now.getTime() - MDT_HANDOFF_TTL_MS - MDT_CONFIRMATION_TTL_MS);
      const waiting = await this.ports.mdtHandoffs.awaitingConfirmation(player.characterId, grant.credentialId, since);
      const codeHash = this.ports.hasher.hash(normaliseLinkCode(input.code));
      for (const handoff of waiting) {
        if (!handoff.confirm(codeHash, now).ok) continue;
        await this.ports.mdtHandoffs.save(handoff);
        const note = playerNote(grant, player.characterId, 'mdt_handoff.confirmed', { type: 'character', id: player.characterId });
        return audited(null, note);
      }
      return refuse('invalid_or_expired_code');
    });
  }
}
