import test from 'ava';
import { startTestService } from '../support/test-service.ts';
import { assign, builtResource, communityOn, until } from './fxserver/community.ts';
import { LOCATION_ROUTE, answeredCount } from './fxserver/service-metrics.ts';

/**
 * Over three token lifetimes of play, with 10-second access tokens (the lifetime is the service's
 * setting, injected here: `CAD_ACCESS_TOKEN_TTL_S` takes 60 s at the least, and three of those are
 * three minutes of waiting that prove nothing more; the realtime channel drops each socket when its
 * token expires, and the resource renews a fifth of the lifetime, at least 5 s, before). Officers
 * move every second, so every heartbeat tick sends a location; dispatchers assign and release without pause.
 * Nothing may be lost: every position the resource read reached `/location` and was answered 200,
 * and every assignment set, and every release cleared, the right player's waypoint.
 */

const TTL_SECONDS = 10;
const PLAY_MS = 3.2 * TTL_SECONDS * 1000;

test('three token lifetimes of play lose no heartbeat and no waypoint', async (t) => {
  t.timeout(PLAY_MS + 120_000);
  const app = await startTestService({
    realtime: 'node',
    accessTokenTtlSeconds: TTL_SECONDS,
    rateLimitScale: 10,
    metrics: { port: 0, host: '127.0.0.1' },
  });
  const built = await builtResource();
  t.teardown(async () => {
    await app.close();
    built.remove();
  });
  const { world, fx, officers } = await communityOn(app, built.dir, 10);
  t.teardown(() => fx.stop());

  // Everyone walks 2 units every 200 ms: each heartbeat tick (1 s) has moved, so none is skipped.
  const walking = setInterval(() => {
    for (const { player } of officers) player.position = [player.position[0] + 2, player.position[1], 30];
  }, 200);

  const started = Date.now();
  let cycles = 0;
  const delays: number[] = [];
  while (Date.now() - started < PLAY_MS) {
    const { player, unitId } = officers[cycles % officers.length]!;
    const pin = { mapX: 5000 + cycles, mapY: -5000 - cycles };
    const call = await assign(world, unitId, pin);
    const assigned = Date.now();
    await until(
      `waypoint ${cycles} on ${player.name}`,
      () => player.client.waypoint?.x === pin.mapX && player.client.waypoint?.y === pin.mapY,
    );
    delays.push(Date.now() - assigned);
    await world.closeCall(call.callId);
    await until(`waypoint ${cycles} cleared on ${player.name}`, () => player.client.waypoint === null);
    cycles += 1;
    // A dispatcher's pace, and room on a shared machine.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  clearInterval(walking);

  // Stop the resource, then let heartbeats in flight land before counting.
  fx.stop();
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const reads = [...fx.positionReads.values()].reduce((a, b) => a + b, 0);
  const answered = await answeredCount(app, LOCATION_ROUTE, 200);
  const refused = (await answeredCount(app, LOCATION_ROUTE)) - answered;
  const reconnects = fx.log.filter((line) => line.includes('connected again')).length;
  const exchanges = await answeredCount(app, '/api/v1/integrations/game/token', 200);
  t.log(
    `${cycles} assign/release cycles, waypoint median ${median(delays)} ms, max ${Math.max(...delays)} ms; ` +
      `${reads} positions read, ${answered} locations answered 200, ${refused} otherwise; ` +
      `${reconnects} channel reconnects; ${exchanges} token exchanges answered (the test's own included)`,
  );
  t.is(answered, reads);
  t.is(refused, 0);
  t.true(reconnects >= 2, fx.log.join('\n'));
  t.deepEqual(
    fx.log.filter((line) => /not sent|failed|no longer on duty/.test(line)),
    [],
  );
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
