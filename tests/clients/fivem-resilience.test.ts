import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { unique } from '../support/bridge-driver.ts';
import { expect } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import { blockableProxy } from './fxserver/blockable-proxy.ts';
import { assign, builtResource, communityOn, until } from './fxserver/community.ts';
import { LOCATION_ROUTE, answeredCount } from './fxserver/service-metrics.ts';

/** The resource under the service's real limits and through a restart of the service, without restarting the resource. */

test('at a rate-limit scale of 1, too many commands are queued and retried, none is dropped, and other routes are not starved', async (t) => {
  t.timeout(240_000);
  const app = await startTestService({ realtime: 'node', rateLimitScale: 1 });
  const built = await builtResource();
  t.teardown(async () => {
    await app.close();
    built.remove();
  });
  const { fx, officers, world } = await communityOn(app, built.dir, 3, { convars: { cad_presence_heartbeat_interval_ms: '30000' } });
  t.teardown(() => fx.stop());

  // 24 reports against `/911`'s 20 a minute per credential.
  const reported = () =>
    officers.reduce((n, { player }) => n + player.client.chat.filter((l) => /911 call C-\d{2}-\d{6} reported/.test(l)).length, 0);
  for (let i = 0; i < 8; i++) for (const { player } of officers) fx.command(player, `/911 report ${i} from ${player.name}`);
  await until('the first twenty reports', () => reported() === 20, 30_000);
  await until('the rest queued on a 429', () => fx.log.some((line) => line.includes('bridgeReport911: rate_limited')));

  // While `/911` waits for its minute, a lookup in another bucket is answered.
  const { player } = officers[0]!;
  fx.command(player, '/plate NOBODY1');
  await until('the lookup', () => player.client.chat.includes('CAD: Plate NOBODY1: no match.'), 30_000);
  const reportedWhenLookupAnswered = reported();

  await until('all 24 reports answered', () => reported() === 24, 120_000);
  const calls = expect(await app.http.get('/api/v1/cad/calls?limit=500', { token: await world.apiToken() }), 200) as Array<{
    description: string;
  }>;
  const waits = fx.log.filter((line) => line.includes('bridgeReport911: rate_limited')).length;
  t.log(`24 reports: 20 answered at once, ${waits} waits on 429; the lookup was answered when ${reportedWhenLookupAnswered} of 24 were`);
  t.true(reportedWhenLookupAnswered < 24);
  t.is(calls.filter((c) => c.description.startsWith('report ')).length, 24);
  t.is(new Set(calls.map((c) => c.description)).size, calls.length);
  t.deepEqual(
    fx.log.filter((line) => /failed|not sent/.test(line)),
    [],
  );
});

test('the service restarted under play: the resource recovers without a restart, and a waypoint assigned while its socket was down reaches the player', async (t) => {
  t.timeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'cad-restart-'));
  const bootstrapKey = `cad_op_test_${unique()}`;
  const options = { storage: { kind: 'embedded', dataDir } as const, bootstrapKey, realtime: 'node' as const, rateLimitScale: 100 };
  let app: TestService = await startTestService({ ...options, metrics: { port: 0, host: '127.0.0.1' } });
  const port = Number(new URL(app.service.url).port);
  const proxy = await blockableProxy({ host: '127.0.0.1', port });
  const built = await builtResource();
  t.teardown(async () => {
    await app.close();
    await proxy.close();
    built.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });
  // The waypoint channel goes through a hop the test can cut; HTTP goes straight to the service.
  const { world, fx, officers } = await communityOn(app, built.dir, 5, { convars: { cad_realtime_url: proxy.url } });
  t.teardown(() => fx.stop());
  await until('the channel connected', () => fx.log.some((line) => line.includes('waypoint channel connected')));

  // The service goes away under play, and its socket with it.
  proxy.block();
  await app.close();
  for (const { player } of officers) player.position = [player.position[0] + 50, player.position[1], 30];
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  app = await startTestService({ ...options, port, metrics: { port: 0, host: '127.0.0.1' } });

  // A dispatcher assigns while the resource's socket is still down: no event can reach it.
  const [first, second] = officers;
  const pin = { mapX: 777, mapY: -888 };
  await assign(world, first!.unitId, pin);
  t.is(first!.player.client.waypoint, null);
  const reconnectsBefore = fx.log.filter((line) => line.includes('connected again')).length;
  proxy.unblock();
  await until('the waypoint assigned while down', () => first!.player.client.waypoint?.x === pin.mapX, 30_000);
  t.true(fx.log.filter((line) => line.includes('connected again')).length > reconnectsBefore);

  // Heartbeats, events and commands all work again, on the same resource.
  const arrival = { mapX: second!.player.position[0] + 100, mapY: second!.player.position[1] };
  await assign(world, second!.unitId, arrival);
  await until('the live event after the restart', () => second!.player.client.waypoint?.x === arrival.mapX);
  second!.player.position = [arrival.mapX + 5, arrival.mapY, 30];
  await until('ON_SCENE after the restart', async () => (await world.unit(second!.unitId)).status === 'ON_SCENE', 30_000);
  t.true((await answeredCount(app, LOCATION_ROUTE, 200)) > 0);
  fx.command(officers[2]!.player, '/911 after the restart');
  await until('a 911 after the restart', () => officers[2]!.player.client.chat.some((l) => /911 call C-\d{2}-\d{6} reported/.test(l)));
  const downtime = fx.log.filter((line) => /not sent|could not be reached|unreachable/.test(line)).length;
  t.log(`${downtime} log lines about the outage; the resource was never restarted`);
});
