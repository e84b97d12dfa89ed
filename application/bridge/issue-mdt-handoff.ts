import type { MdtTier } from '../../domain/roster/mdt-handoff.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { credentialActor } from './bridge-actor.ts';
import type { DutyReport } from './duty-report.ts';
import { handoffForPlayer } from './mdt-handoff-for-player.ts';
import { playerNote } from './player-writes.ts';

export interface IssueMdtHandoffInput extends DutyReport {
  /** The link will be shown where others may see it: the page that opens it waits for the player's code (decision 0095). */
  readonly confirmInGame?: boolean;
}

/**
 * `/mdt-handoff`: a linked player gets a single-use token, valid 120 s, to open the MDT web
 * client. The tier is `full` only when the game says the player is on duty in the credential's
 * department and the records agree (the full gate passes); any other linked player gets `basic`,
 * read-only. Nothing about duty changes here.
 */
export class IssueMdtHandoff {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'departments' | 'mdtHandoffs' | 'hasher' | 'secrets' | 'writes' | 'attempts'>) {}

  execute(
    input: IssueMdtHandoffInput,
  ): Promise<Outcome<{ token: string; expiresAt: Date; tier: MdtTier }, 'not_linked' | 'player_limit_reached'>> {
    const { grant } = input;
    return this.ports.writes.run(credentialActor(grant), async (now) => {
      const player = await this.ports.gate.player(grant, input.identifiers);
      if (player === null) return refuse('not_linked');
      const made = await handoffForPlayer(this.ports, grant, player, input, input.confirmInGame === true, now);
      if (!made.ok) return made;
      const { handoff, token, tier } = made.value;
      await this.ports.mdtHandoffs.save(handoff);
      const details = { tier, expiresAt: handoff.expiresAt, confirmInGame: input.confirmInGame === true };
      const note = playerNote(grant, player.characterId, 'mdt_handoff.issued', { type: 'character', id: player.characterId }, details);
      return audited({ token, expiresAt: handoff.expiresAt, tier }, note);
    });
  }
}
