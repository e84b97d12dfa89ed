import type { GameGrant } from '../../domain/credential/access-grant.ts';
import { MdtHandoff, type MdtTier } from '../../domain/roster/mdt-handoff.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { PlayerCandidate } from '../ports/bridge-player-reader.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export const MDT_TOKEN_PREFIX = 'cad_mdt_';

/**
 * Hand-offs one player may take in a window, within the credential's own budget (the contract's ten
 * a minute): a player who repeats `/mdt` spends their own three, not the whole server's ten
 * (issue 30, point 6).
 */
export const PLAYER_HANDOFFS = { limit: 3, windowSeconds: 60 } as const;

/** What the game says when it opens the MDT: the job it believes the player holds. */
export interface HandoffDuty {
  readonly departmentSlug?: string;
  readonly onDuty?: boolean;
}

type Deps = Pick<Ports, 'gate' | 'departments' | 'hasher' | 'secrets' | 'attempts'>;

/**
 * A hand-off for a linked player, counted in the player's own budget: `full` only when the game
 * says the player is on duty in the credential's department and the records agree (the full gate
 * passes); any other linked player gets `basic`, read-only. Not saved: the caller binds it first.
 */
export async function handoffForPlayer(
  ports: Deps,
  grant: GameGrant,
  player: PlayerCandidate,
  duty: HandoffDuty,
  confirmInGame: boolean,
  now: Date,
): Promise<Outcome<{ handoff: MdtHandoff; token: string; tier: MdtTier }, 'not_linked' | 'player_limit_reached'>> {
  if (grant.departmentId === null) return refuse('not_linked');
  // Counted per character, across every instance where the limiter is shared.
  const budget = await ports.attempts.consume(
    `mdt-handoff:${grant.credentialId}:${player.characterId}`,
    PLAYER_HANDOFFS.limit,
    PLAYER_HANDOFFS.windowSeconds,
  );
  if (!budget.allowed) return refuse('player_limit_reached');
  const departmentId = grant.departmentId;
  const department = await ports.departments.get(departmentId);
  const officer = ports.gate.judgeOnDuty(grant, player);
  const full = officer.ok && duty.onDuty === true && department?.slug === duty.departmentSlug;
  const tier: MdtTier = full ? 'full' : 'basic';
  const token = ports.secrets.secret(MDT_TOKEN_PREFIX);
  const handoff = MdtHandoff.issue(
    {
      tokenHash: ports.hasher.hash(token),
      organisationId: grant.organisationId,
      characterId: player.characterId,
      credentialId: grant.credentialId,
      departmentId,
      unitId: full && officer.ok ? officer.value.unitId : null,
      tier,
      confirmInGame,
    },
    now,
  );
  return accept({ handoff, token, tier });
}
