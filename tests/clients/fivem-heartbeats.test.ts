import test from 'ava';
import { unique } from '../support/bridge-driver.ts';
import { startTestService } from '../support/test-service.ts';
import { builtResource, communityOn, until } from './fxserver/community.ts';
import { LOCATION_ROUTE, answeredCount } from './fxserver/service-metrics.ts';

/** The resource's two heartbeats, counted by the service that received them. */

const PRESENCE_ROUTE = '/api/v1/integrations/game/presence';

test('an officer standing still is not sent every tick, but is sent again within 30 s; presence goes in batches of at most 500', async (t) => {
  t.timeout(120_000);
  const app = await startTestService({ realtime: 'node', rateLimitScale: 100, metrics: { port: 0, host: '127.0.0.1' } });
  const built = await builtResource();
  t.teardown(async () => {
    await app.close();
    built.remove();
  });
  const { fx, officers, world } = await communityOn(app, built.dir, 1);
  t.teardown(() => fx.stop());
  const { player } = officers[0]!;

  // 1,100 more players connect, none linked: 1,101 identifiers make three batches (500, 500, 101).
  for (let i = 0; i < 1_100; i++) fx.connect({ name: `Civilian ${i}`, identifiers: [`license:${unique('civ')}`, 'ip:10.0.0.1'] });
  const presenceBefore = await answeredCount(app, PRESENCE_ROUTE, 200);
  await until('a presence round of the 1,101', async () => (await answeredCount(app, PRESENCE_ROUTE, 200)) >= presenceBefore + 3, 20_000);
  t.is(await answeredCount(app, PRESENCE_ROUTE), await answeredCount(app, PRESENCE_ROUTE, 200), 'every batch was accepted');
  t.is((await world.presence()).connected, 1);

  // Standing still: the first heartbeat went; the next ticks read the position and send nothing.
  await until('a first location', async () => (await answeredCount(app, LOCATION_ROUTE, 200)) >= 1);
  const sent = await answeredCount(app, LOCATION_ROUTE, 200);
  const reads = fx.positionReads.get(player.source) ?? 0;
  await until('five more ticks', () => (fx.positionReads.get(player.source) ?? 0) >= reads + 5);
  t.is(await answeredCount(app, LOCATION_ROUTE, 200), sent);
  // Within 30 s of the last one it goes again, so the live map knows the unit is still there: the
  // server's clock moves on 30 s (injected, not waited for), and the next tick sends.
  fx.advanceClock(30_000);
  await until('the keep-alive location', async () => (await answeredCount(app, LOCATION_ROUTE, 200)) === sent + 1);
  const ticks = (fx.positionReads.get(player.source) ?? 0) - reads;
  t.log(`standing still: ${ticks} ticks read the position, 1 location sent`);
  t.true(ticks > 5);
});
