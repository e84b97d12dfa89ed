import type { MdtTier } from '../../domain/roster/mdt-handoff.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import type { PlayerRequest } from '../bridge/player-writes.ts';
import type { MdtSession } from '../ports/mdt-session-issuer.ts';

/**
 * The officer behind an MDT session, as the records stand at this request. The session says who
 * and the most it may do; the records say what it may do now.
 */
export interface MdtOfficer {
  readonly session: MdtSession;
  /** `full` only while the hand-off's tier was `full` and the full gate passes now; otherwise `basic`. */
  readonly tier: MdtTier;
  /**
   * How the bridge's use cases know this player: the hand-off credential's grant as it is now and
   * the identifiers linked to the character. The MDT acts through those use cases, never beside them.
   */
  readonly player: PlayerRequest;
  /** The character's unit in the session's department, as read now; null without a membership. */
  readonly unit: Unit | null;
}

/** Why a full-tier action is refused to this officer, in words an officer reads. */
export function readOnlyBecause(officer: MdtOfficer): string {
  return officer.session.tier === 'basic'
    ? 'This MDT session is read-only: it was opened while you were not on duty in this department. Open the MDT again from the game once on duty.'
    : 'This MDT session is read-only now: your unit is no longer on duty in this department.';
}
