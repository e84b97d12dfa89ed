import test from 'ava';
import { Redis } from 'ioredis';
import type { UnitPosition } from '../../application/ports/dispatch-channel.ts';
import type { PositionCache } from '../../application/ports/position-cache.ts';
import { MemoryPositionCache, RedisPositionCache } from '../../adapters/live-positions/index.ts';
import type { DepartmentId, OrganisationId, UnitId } from '../../domain/shared/ids.ts';
import { REDIS_URL, freshRedisPrefix } from '../support/redis.ts';

/** The last-known-position cache, one suite run against each adapter (in process, Redis). */

const org = (n: number) => `0190a000-0000-7000-8000-00000000000${n}` as OrganisationId;
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds));
const position = (unit: string, seconds: number, organisationId = org(1)): UnitPosition => ({
  organisationId,
  departmentId: 'dept' as DepartmentId,
  unitId: unit as UnitId,
  unitLabel: `label-${unit}`,
  status: 'AVAILABLE',
  mapX: seconds,
  mapY: -seconds,
  reportedAt: at(seconds),
});
/** Fire-and-forget writes: the next read on the same connection sees them; the memory store, at once. */
const sorted = (list: UnitPosition[]) => [...list].sort((a, b) => a.unitId.localeCompare(b.unitId));

function suite(name: string, make: () => Promise<{ cache: PositionCache; close(): Promise<void> }>) {
  test(`${name}: keeps the latest position per unit, per organisation`, async (t) => {
    const { cache, close } = await make();
    t.teardown(close);
    cache.remember(position('a', 1));
    cache.remember(position('a', 5));
    cache.remember(position('b', 3));
    cache.remember(position('c', 4, org(2)));
    t.deepEqual(sorted(await cache.positionsOf(org(1), at(0))), [position('a', 5), position('b', 3)]);
    t.deepEqual(await cache.positionsOf(org(2), at(0)), [position('c', 4, org(2))]);
    t.deepEqual(await cache.positionsOf(org(3), at(0)), []);
  });

  test(`${name}: leaves out positions older than asked, and forgets a unit`, async (t) => {
    const { cache, close } = await make();
    t.teardown(close);
    cache.remember(position('a', 1));
    cache.remember(position('b', 10));
    cache.remember(position('c', 20));
    t.deepEqual(sorted(await cache.positionsOf(org(1), at(10))), [position('b', 10), position('c', 20)]);
    cache.forget(org(1), 'c' as UnitId);
    t.deepEqual(await cache.positionsOf(org(1), at(0)), [position('b', 10)]);
  });
}

suite('memory', async () => ({ cache: new MemoryPositionCache(), close: async () => undefined }));

if (REDIS_URL === undefined) test.skip('redis: SKIPPED, set REDIS_URL to a Redis server to run it', () => undefined);
else {
  const url = REDIS_URL;
  suite('redis', async () => {
    const client = new Redis(url, { enableOfflineQueue: true, maxRetriesPerRequest: 0 });
    const failures: unknown[] = [];
    const cache = new RedisPositionCache({
      client,
      prefix: freshRedisPrefix('positions'),
      lifetimeMs: 120_000,
      onFailure: (e) => failures.push(e),
    });
    return {
      cache,
      close: async () => {
        client.disconnect();
        if (failures.length > 0) throw new Error(`Redis failures: ${failures.map(String).join(', ')}`);
      },
    };
  });

  test('redis: both keys expire with the lifetime after the last report', async (t) => {
    const client = new Redis(url);
    t.teardown(() => client.disconnect());
    const prefix = freshRedisPrefix('positions-ttl');
    const cache = new RedisPositionCache({ client, prefix, lifetimeMs: 120_000, onFailure: () => undefined });
    cache.remember(position('a', 1));
    await cache.positionsOf(org(1), at(0));
    for (const key of [`${prefix}positions:${org(1)}`, `${prefix}positions-at:${org(1)}`]) {
      const ttl = await client.pttl(key);
      t.true(ttl > 100_000 && ttl <= 120_000, `${key}: ${ttl}`);
    }
  });
}
