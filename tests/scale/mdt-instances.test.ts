import test, { type ExecutionContext } from 'ava';
import { bridgeWorld } from '../support/bridge-driver.ts';
import { type Instance, freshDatabase, startInstances } from '../support/instances.ts';
import { mdtListener, mdtSession } from '../support/mdt-driver.ts';
import { expect } from '../support/operator-driver.ts';
import { DATABASE_URL } from '../support/postgres.ts';
import { PROCESS_TEST_TIMEOUT_MS, oneProcessTestAtATime, uwsLauncher } from '../support/processes.ts';
import { connected, disconnected } from '../support/realtime-client.ts';
import { REDIS_URL } from '../support/redis.ts';
import { uwsProblem } from '../support/uws.ts';

/**
 * The MDT channel across two instances (separate `npm start` processes) on one PostgreSQL database
 * and one Redis: an MDT connected to one instance hears its unit's assignment and its call's notes
 * whichever instance took the write, and follows its unit from call to call across them; signed
 * out through one instance, it closes on both at once.
 */

async function mdtAcrossInstances(t: ExecutionContext, [a, b]: Instance[]) {
  const world = await bridgeWorld(a!.app);
  const officer = await world.officer();
  const mdt = await mdtSession(world, officer);
  // The MDT listens on B; every write goes through A.
  const listener = mdtListener(b!.process.realtimeUrl!, { token: mdt.sessionToken });
  t.teardown(() => listener.close());
  await connected(listener.socket);
  const call = await world.openCall();
  expect(await world.admin('POST', `/calls/${call.callId}/assignments`, { unitId: officer.unitId }), 201);
  await listener.next('the assignment made on A', (e) => e.type === 'assignment' && e.assignment?.callId === call.callId);
  expect(await world.desk.post('/911/narrative', { identifiers: officer.identifiers, callId: call.callId, text: 'written on A' }), 200);
  const noted = await listener.next('the note written on A', (e) => e.type === 'notes' && e.callId === call.callId);
  t.like(noted.notes, [{ text: 'written on A' }]);
  // Through B now: the MDT on B, and a second one on A, both hear it.
  const onA = mdtListener(a!.process.realtimeUrl!, { token: mdt.sessionToken });
  t.teardown(() => onA.close());
  await connected(onA.socket);
  const throughB = (path: string, body: unknown) => b!.http.post(`/api/v1/integrations/game${path}`, body, { token: world.desk.token });
  expect(await throughB('/911/narrative', { identifiers: officer.identifiers, callId: call.callId, text: 'written on B' }), 200);
  for (const each of [listener, onA])
    await each.next('the note written on B', (e) => e.type === 'notes' && e.notes.some((n: any) => n.text === 'written on B'));
  t.is(listener.events.filter((e) => e.type === 'notes').length, 2, 'each note once');
  // Signed out through A: the MDT on B closes by the fan-out's event (the periodic check is 30 s away),
  // the one on A too, and B answers the session as an ended one.
  const cuts = [listener, onA].map((each) => disconnected(each.socket));
  const signedOutAt = Date.now();
  expect(await mdt.post('/sign-out'), 200);
  t.deepEqual(await Promise.all(cuts), ['io server disconnect', 'io server disconnect']);
  t.true(Date.now() - signedOutAt < 1_000, 'closed on both instances within a second');
  t.is((await b!.http.get('/api/v1/mdt/me', { token: mdt.sessionToken })).status, 401);
}

const uws = DATABASE_URL !== undefined && REDIS_URL !== undefined ? await uwsLauncher(uwsProblem) : null;

if (DATABASE_URL === undefined || REDIS_URL === undefined) {
  test.skip('the MDT channel across two instances: SKIPPED, set DATABASE_URL and REDIS_URL to run it', () => undefined);
} else {
  const [databaseUrl, redisUrl] = [DATABASE_URL, REDIS_URL];
  const pair = async (t: ExecutionContext, env: Record<string, string>, launcher?: readonly string[]) => {
    const database = await freshDatabase(databaseUrl, 'mdt_instances');
    t.teardown(() => database.drop());
    return startInstances(t, { count: 2, databaseUrl: database.url, redisUrl, env, launcher });
  };
  test.serial('node engine: an MDT on one instance hears its unit and its call, whichever instance took the write', async (t) => {
    t.timeout(PROCESS_TEST_TIMEOUT_MS);
    await oneProcessTestAtATime(t);
    await mdtAcrossInstances(t, await pair(t, { CAD_REALTIME_ENGINE: 'node', CAD_RATE_LIMIT_SCALE: '100' }));
  });
  const uwsTitle = 'uws engine: an MDT on one instance hears its unit and its call, whichever instance took the write';
  if (typeof uws === 'string') test.skip(`${uwsTitle} (SKIPPED: uWebSockets.js cannot load here, and ${uws})`, () => undefined);
  else
    test.serial(uwsTitle, async (t) => {
      t.timeout(PROCESS_TEST_TIMEOUT_MS);
      await oneProcessTestAtATime(t);
      const instances = await pair(t, { CAD_REALTIME_ENGINE: 'uws', REALTIME_PORT: '0', CAD_RATE_LIMIT_SCALE: '100' }, uws!);
      t.is(instances[0]!.process.realtimeEngine, 'uws');
      await mdtAcrossInstances(t, instances);
    });
}
