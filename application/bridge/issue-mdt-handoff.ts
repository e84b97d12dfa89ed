import { MdtHandoff, type MdtTier } from '../../domain/roster/mdt-handoff.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { credentialActor } from './bridge-actor.ts';
import type { DutyReport } from './duty-report.ts';
import { playerNote } from './player-writes.ts';

export interface IssueMdtHandoffInput extends DutyReport {
  /** The link will be shown where others may see it: the page that opens it waits for the player's code (decision 0095). */
  readonly confirmInGame?: boolean;
}

export const MDT_TOKEN_PREFIX = 'cad_mdt_';

/**
 * Hand-offs one player may take in a window, within the credential's own budget (the contract's ten
 * a minute): a player who repeats `/mdt` spends their own three, not the whole server's ten
 * (issue 30, point 6).
 */
export const PLAYER_HANDOFFS = { limit: 3, windowSeconds: 60 } as const;

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
      if (player === null || grant.departmentId === null) return refuse('not_linked');
      // Counted per character, across every instance where the limiter is shared.
      const budget = await this.ports.attempts.consume(
        `mdt-handoff:${grant.credentialId}:${player.characterId}`,
        PLAYER_HANDOFFS.limit,
        PLAYER_HANDOFFS.windowSeconds,
      );
      if (!budget.allowed) return refuse('player_limit_reached');
      const departmentId = grant.departmentId;
      const department = await this.ports.departments.get(departmentId);
      const officer = this.ports.gate.judgeOnDuty(grant, player);
      const full = officer.ok && input.onDuty && department?.slug === input.departmentSlug;
      const tier: MdtTier = full ? 'full' : 'basic';
      const token = this.ports.secrets.secret(MDT_TOKEN_PREFIX);
      const handoff = MdtHandoff.issue(
        {
          tokenHash: this.ports.hasher.hash(token),
          organisationId: grant.organisationId,
          characterId: player.characterId,
          credentialId: grant.credentialId,
          departmentId,
          unitId: full && officer.ok ? officer.value.unitId : null,
          tier,
          confirmInGame: input.confirmInGame === true,
        },
        now,
      );
      await this.ports.mdtHandoffs.save(handoff);
      const details = { tier, expiresAt: handoff.expiresAt, confirmInGame: input.confirmInGame === true };
      const note = playerNote(grant, player.characterId, 'mdt_handoff.issued', { type: 'character', id: player.characterId }, details);
      return audited({ token, expiresAt: handoff.expiresAt, tier }, note);
    });
  }
}
