import type { Redis } from 'ioredis';
import type { UnitPosition } from '../../application/ports/dispatch-channel.ts';
import type { PositionCache } from '../../application/ports/position-cache.ts';
import type { DepartmentId, OrganisationId, UnitId } from '../../domain/shared/ids.ts';
import type { UnitStatus } from '../../domain/unit/unit-status.ts';

export interface RedisPositionCacheOptions {
  /** A client without an offline queue: a write while Redis is away fails at once. */
  readonly client: Redis;
  readonly prefix: string;
  /** How long an organisation's positions outlive its last report. */
  readonly lifetimeMs: number;
  /** Told of each command that failed; the heartbeat that caused it never is. */
  readonly onFailure: (error: unknown) => void;
}

type Stored = Omit<UnitPosition, 'organisationId' | 'reportedAt'> & { readonly reportedAt: number };

/**
 * Last known positions shared by every instance: per organisation, a hash of unit to position and
 * a sorted set of unit by report time. A report is one pipelined round trip that nobody awaits;
 * both keys expire with the lifetime after the organisation's last report, and a read drops the
 * units whose report is older than asked.
 */
export class RedisPositionCache implements PositionCache {
  constructor(private readonly options: RedisPositionCacheOptions) {}

  remember(position: UnitPosition): void {
    const { organisationId, reportedAt, ...rest } = position;
    const stored: Stored = { ...rest, reportedAt: reportedAt.getTime() };
    const [positions, times] = this.keys(organisationId);
    const ttl = this.options.lifetimeMs;
    this.options.client
      .multi()
      .hset(positions, position.unitId, JSON.stringify(stored))
      .zadd(times, stored.reportedAt, position.unitId)
      .pexpire(positions, ttl)
      .pexpire(times, ttl)
      .exec()
      .catch(this.options.onFailure);
  }

  forget(organisationId: OrganisationId, unitId: UnitId): void {
    const [positions, times] = this.keys(organisationId);
    this.options.client.multi().hdel(positions, unitId).zrem(times, unitId).exec().catch(this.options.onFailure);
  }

  async positionsOf(organisationId: OrganisationId, since: Date): Promise<UnitPosition[]> {
    const [positions, times] = this.keys(organisationId);
    const client = this.options.client;
    try {
      const stale = await client.zrangebyscore(times, '-inf', `(${since.getTime()}`);
      if (stale.length > 0)
        await client
          .multi()
          .hdel(positions, ...stale)
          .zrem(times, ...stale)
          .exec();
      const values = await client.hvals(positions);
      return values
        .map((value) => JSON.parse(value) as Stored)
        .filter((stored) => stored.reportedAt >= since.getTime())
        .map((stored) => ({
          ...stored,
          organisationId,
          departmentId: stored.departmentId as DepartmentId,
          unitId: stored.unitId as UnitId,
          status: stored.status as UnitStatus,
          reportedAt: new Date(stored.reportedAt),
        }));
    } catch (error) {
      // A board connecting while Redis is away shows units as their next heartbeats arrive.
      this.options.onFailure(error);
      return [];
    }
  }

  private keys(organisationId: OrganisationId): [string, string] {
    return [`${this.options.prefix}positions:${organisationId}`, `${this.options.prefix}positions-at:${organisationId}`];
  }
}
