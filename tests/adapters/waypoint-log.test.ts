import test from 'ava';
import { Redis } from 'ioredis';
import {
  MemoryWaypointLog,
  RedisWaypointLog,
  type WaypointLog,
  type WaypointLogBounds,
} from '../../adapters/realtime-socketio/waypoint-log.ts';
import type { WaypointEvent } from '../../adapters/realtime-socketio/waypoint-payload.ts';
import type { CallId, DepartmentId, UnitId } from '../../domain/shared/ids.ts';
import { REDIS_URL, freshRedisPrefix } from '../support/redis.ts';

/** The waypoint log's bounds and answers (decision 0091), one suite run against each adapter (in process, Redis). */

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds));
const event = (seq: number): WaypointEvent => ({
  type: 'assignment.removed',
  seq,
  emittedAt: at(seq).toISOString(),
  departmentId: 'dept' as DepartmentId,
  callId: 'call' as CallId,
  unitId: 'unit' as UnitId,
  unitLabel: `1-A-${seq}`,
});
const seqs = (count: number, from = 1) => Array.from({ length: count }, (_, i) => event(from + i));

function suite(name: string, make: (bounds: WaypointLogBounds) => Promise<{ log: WaypointLog; close(): Promise<void> }>) {
  test(`${name}: the events after a sequence number, in order; nothing after the newest; 0 is the start`, async (t) => {
    const { log, close } = await make({ maxEvents: 100, maxAgeMs: 60_000 });
    t.teardown(close);
    // Appended out of order (two instances), read in sequence order.
    for (const seq of [1, 3, 2, 4]) await log.append('org:a', event(seq), at(seq));
    await log.append('org:b', event(1), at(1));
    t.deepEqual(await log.since('org:a', 1, at(5)), { kind: 'events', events: seqs(3, 2), last: 4 });
    t.deepEqual(await log.since('org:a', 4, at(5)), { kind: 'events', events: [], last: 4 });
    t.deepEqual(await log.since('org:a', 0, at(5)), { kind: 'events', events: seqs(4), last: 4 });
    t.deepEqual(await log.since('org:c', 0, at(5)), { kind: 'events', events: [], last: 0 });
    t.is(await log.last('org:a'), 4);
    t.is(await log.last('org:b'), 1);
    t.is(await log.last('org:c'), 0);
  });

  test(`${name}: a gap when the log no longer holds the asked number, misses one in between, or never saw it`, async (t) => {
    const { log, close } = await make({ maxEvents: 100, maxAgeMs: 60_000 });
    t.teardown(close);
    for (const seq of [5, 6, 8]) await log.append('org:a', event(seq), at(seq));
    t.deepEqual(await log.since('org:a', 4, at(9)), { kind: 'gap', last: 8 }, 'starts after the asked number');
    t.deepEqual(await log.since('org:a', 5, at(9)), { kind: 'gap', last: 8 }, '7 is missing');
    t.deepEqual(await log.since('org:a', 0, at(9)), { kind: 'gap', last: 8 }, 'from the start, but 1 to 4 are gone');
    t.deepEqual(await log.since('org:a', 12, at(9)), { kind: 'gap', last: 12 }, 'ahead of the log');
    t.deepEqual(await log.since('org:empty', 3, at(9)), { kind: 'gap', last: 3 }, 'a log that holds nothing');
  });

  test(`${name}: keeps the last maxEvents, and beyond them every event younger than maxAgeMs`, async (t) => {
    const { log, close } = await make({ maxEvents: 3, maxAgeMs: 10_000 });
    t.teardown(close);
    // Ten events a second apart: at second 10, all are younger than 10 s, so all are kept.
    for (let seq = 1; seq <= 10; seq++) await log.append('org:a', event(seq), at(seq));
    t.deepEqual(await log.since('org:a', 1, at(10)), { kind: 'events', events: seqs(9, 2), last: 10 });
    // At second 30, the old ones are past the window: only the last three remain.
    await log.append('org:a', event(11), at(30));
    t.deepEqual(await log.since('org:a', 1, at(30)), { kind: 'gap', last: 11 });
    t.deepEqual(await log.since('org:a', 8, at(30)), { kind: 'gap', last: 11 });
    t.deepEqual(await log.since('org:a', 9, at(30)), { kind: 'events', events: seqs(2, 10), last: 11 });
  });
}

suite('memory', async (bounds) => ({ log: new MemoryWaypointLog(bounds), close: async () => {} }));

if (REDIS_URL === undefined) test.skip('redis: the waypoint log suite (REDIS_URL is not set)', () => {});
else
  suite('redis', async (bounds) => {
    const client = new Redis(REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
    const prefix = freshRedisPrefix('waypoints');
    return {
      log: new RedisWaypointLog(client, prefix, bounds),
      close: async () => {
        const keys = await client.keys(`${prefix}*`);
        if (keys.length > 0) await client.del(...keys);
        client.disconnect();
      },
    };
  });
