import { normaliseLinkCode } from '../../domain/roster/link-code.ts';
import { MDT_CONFIRMATION_TTL_MS, MDT_HANDOFF_TTL_MS } from '../../domain/roster/mdt-handoff.ts';
import { pairingWaits } from '../../domain/roster/mdt-pairing.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { credentialActor } from './bridge-actor.ts';
import { type HandoffDuty, handoffForPlayer } from './mdt-handoff-for-player.ts';
import { type PlayerRequest, playerNote } from './player-writes.ts';

export interface ConfirmMdtHandoffInput extends PlayerRequest, HandoffDuty {
  /** The code the MDT page shows in the player's browser, as typed in the game. */
  readonly code: string;
}

type Deps = Pick<Ports, 'gate' | 'departments' | 'mdtHandoffs' | 'mdtPairings' | 'hasher' | 'secrets' | 'writes' | 'attempts'>;

/**
 * `/mdt-handoff/confirm` (an extension of the contract, decisions 0095 and 0108): the player types in
 * the game the code an MDT page shows, and that page gets its session. The code is either:
 * - a page's own pairing (it opened `/mdt/` with no token): the player gets a hand-off here, under
 *   the same gate and the same per-player budget as `/mdt-handoff`, bound to that page at once; or
 * - the code of a page that opened a hand-off of this character through this credential
 *   (`confirmInGame`), still waiting.
 * Any other code (used, lapsed, unknown) is `invalid_or_expired_code`, and writes nothing.
 */
export class ConfirmMdtHandoff {
  constructor(private readonly ports: Deps) {}

  execute(input: ConfirmMdtHandoffInput): Promise<Outcome<null, 'not_linked' | 'invalid_or_expired_code' | 'player_limit_reached'>> {
    const { grant } = input;
    return this.ports.writes.run(credentialActor(grant), async (now) => {
      const player = await this.ports.gate.player(grant, input.identifiers);
      if (player === null) return refuse('not_linked');
      const codeHash = this.ports.hasher.hash(normaliseLinkCode(input.code));
      const subject = { type: 'character', id: player.characterId };

      const pairing = await this.ports.mdtPairings.getByCodeForUpdate(codeHash);
      if (pairing !== null && pairingWaits(pairing, now)) {
        const made = await handoffForPlayer(this.ports, grant, player, input, true, now);
        if (!made.ok) return made;
        const { handoff, tier } = made.value;
        // The page that started the pairing opened this hand-off, and the player has confirmed it: its
        // next poll collects the session. The token itself is never shown anywhere.
        const { pairingHash } = pairing;
        if (!handoff.exchange(now, { pairingHash, codeHash }).ok || !handoff.confirm(codeHash, now).ok)
          return refuse('invalid_or_expired_code');
        await this.ports.mdtHandoffs.save(handoff);
        await this.ports.mdtPairings.remove(pairingHash);
        return audited(null, playerNote(grant, player.characterId, 'mdt_handoff.confirmed', subject, { tier, startedOnPage: true }));
      }

      // A hand-off opened within its life can wait as long again: older ones cannot be waiting.
      const since = new Date(now.getTime() - MDT_HANDOFF_TTL_MS - MDT_CONFIRMATION_TTL_MS);
      const waiting = await this.ports.mdtHandoffs.awaitingConfirmation(player.characterId, grant.credentialId, since);
      for (const handoff of waiting) {
        if (!handoff.confirm(codeHash, now).ok) continue;
        await this.ports.mdtHandoffs.save(handoff);
        return audited(null, playerNote(grant, player.characterId, 'mdt_handoff.confirmed', subject));
      }
      return refuse('invalid_or_expired_code');
    });
  }
}
