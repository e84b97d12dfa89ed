import type { PresenceClaim } from '../../domain/presence/presence.ts';
import type { OrganisationId, UnitId } from '../../domain/shared/ids.ts';
import type { Clock } from '../ports/clock.ts';
import type { DispatchChannel, UnitPosition } from '../ports/dispatch-channel.ts';
import type { PositionCache } from '../ports/position-cache.ts';
import type { ProblemLog } from '../ports/problem-log.ts';

/**
 * How long a unit's last position is kept after its report: a resource may skip heartbeats while
 * a player stands still, but reports at least every 30 s (decision 0065).
 */
export const POSITION_LIFETIME_MS = 120_000;

/**
 * The map broadcast of `/location`: each report that passed the gate goes to the organisation's
 * dispatchers and into the last-known-position cache, and nowhere else (never the database). The
 * heartbeat does not wait for either: both are fire-and-forget, and a failure is reported, never
 * the heartbeat's.
 */
export class LivePositions {
  constructor(
    private readonly cache: PositionCache,
    private readonly channel: DispatchChannel,
    private readonly clock: Clock,
    private readonly problems: ProblemLog,
  ) {}

  report(position: Omit<UnitPosition, 'reportedAt'>): void {
    try {
      const reported: UnitPosition = { ...position, reportedAt: this.clock.now() };
      this.cache.remember(reported);
      this.channel.position(reported);
    } catch (error) {
      this.problems.report('a position could not be broadcast', error);
    }
  }

  /** Claims a `/presence` heartbeat renewed, told to the boards after its commit (a claim that stops being renewed lapses). */
  presenceRenewed(organisationId: OrganisationId, claims: readonly PresenceClaim[]): void {
    try {
      if (claims.length > 0) this.channel.presence?.(organisationId, claims, this.clock.now());
    } catch (error) {
      this.problems.report('a presence renewal could not be broadcast', error);
    }
  }

  /** A unit off duty leaves the map. */
  forget(organisationId: OrganisationId, unitId: UnitId): void {
    try {
      this.cache.forget(organisationId, unitId);
    } catch (error) {
      this.problems.report('a position could not be forgotten', error);
    }
  }

  /** Every position of the organisation still within its lifetime. */
  latest(organisationId: OrganisationId): Promise<UnitPosition[]> {
    return this.cache.positionsOf(organisationId, new Date(this.clock.now().getTime() - POSITION_LIFETIME_MS));
  }
}
