import test, { type ExecutionContext } from 'ava';
import { type Socket as ClientSocket, io } from 'socket.io-client';
import { type BridgeWorld, bridgeWorld, freshIdentifiers, unique } from '../support/bridge-driver.ts';
import type { HttpReply } from '../support/http-client.ts';
import { type Instance, freshDatabase, startInstances } from '../support/instances.ts';
import { expect } from '../support/operator-driver.ts';
import { DATABASE_URL } from '../support/postgres.ts';
import { oneProcessTestAtATime, PROCESS_TEST_TIMEOUT_MS, uwsLauncher } from '../support/processes.ts';
import { connected, within } from '../support/realtime-client.ts';
import { REDIS_URL } from '../support/redis.ts';
import { uwsProblem } from '../support/uws.ts';

/**
 * Two instances of the service, each its own process as `npm start` runs it, on one PostgreSQL
 * database and one Redis (decision 0032): what one instance does, the other sees and counts.
 * Every test is serial: each starts two servers, and the machine has few cores.
 */

const NAMESPACE = '/integrations/game';
type Transport = 'websocket' | 'polling';

function whenBackingServices(register: (databaseUrl: string, redisUrl: string) => void): void {
  if (DATABASE_URL === undefined || REDIS_URL === undefined) {
    const missing = [DATABASE_URL === undefined ? 'DATABASE_URL' : null, REDIS_URL === undefined ? 'REDIS_URL' : null].filter(Boolean);
    test.skip(`two instances on PostgreSQL and Redis: SKIPPED, set ${missing.join(' and ')} to run them`, () => undefined);
    return;
  }
  register(DATABASE_URL, REDIS_URL);
}

async function pair(
  t: ExecutionContext,
  databaseUrl: string,
  redisUrl: string,
  env: Record<string, string> = {},
  launcher?: readonly string[],
) {
  const database = await freshDatabase(databaseUrl, 'instances');
  t.teardown(() => database.drop());
  return startInstances(t, { count: 2, databaseUrl: database.url, redisUrl, env, launcher });
}

function ok<T>(reply: HttpReply<T>, status = 200): T {
  return expect(reply, status);
}

interface Payload extends Record<string, unknown> {
  type: string;
  emittedAt?: string;
}

/** Every `waypoint` a socket receives, in order, and a bounded wait for one that matches. */
function watch(url: string, token: string, transport: Transport) {
  const socket: ClientSocket = io(`${url}${NAMESPACE}`, { auth: { token }, transports: [transport], forceNew: true, reconnection: false });
  const received: Payload[] = [];
  const waiters: (() => void)[] = [];
  socket.on('waypoint', (event: Payload) => {
    received.push(event);
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    name: `${transport} on ${url}`,
    socket,
    received,
    until: (what: string, found: (event: Payload) => boolean) =>
      within<void>(what, (resolve) => {
        const check = () => (received.some(found) ? resolve() : waiters.push(check));
        check();
      }),
  };
}

const withoutTime = ({ emittedAt: _at, seq: _seq, ...rest }: Payload) => rest;

async function onDutyOfficer(world: BridgeWorld) {
  const character = await world.character('Officer', unique('Unit'));
  const callsign = unique('1-A-');
  const { unitId } = await world.member(character.characterId, world.departmentId, callsign);
  const identifiers = await world.link(character.characterId, freshIdentifiers());
  await world.goOnDuty({ identifiers });
  return { unitId, callsign, identifiers };
}

async function realtimeAcrossInstances(t: ExecutionContext, [a, b]: Instance[]) {
  const world = await bridgeWorld(a!.app, { settings: { mapType: 'game_tiles' } });
  const unit = await onDutyOfficer(world);
  const call = ok(
    await world.admin('POST', `/departments/${world.departmentId}/calls`, { description: 'two instances', mapX: 1, mapY: 2 }),
    201,
  );
  const watchers = [a!, b!].flatMap((instance) =>
    (['websocket', 'polling'] as const).map((transport) => watch(instance.process.realtimeUrl!, world.desk.token, transport)),
  );
  t.teardown(() => watchers.forEach((w) => w.socket.close()));
  await Promise.all(watchers.map((w) => connected(w.socket)));

  // One dispatcher change through A: every socket, on A and on B, gets it once, exactly as sent.
  ok(await a!.http.post(`/api/v1/admin/calls/${call.callId}/assignments`, { unitId: unit.unitId }, { token: a!.app.bootstrapKey }), 201);
  const created = {
    type: 'assignment.created',
    departmentId: world.departmentId,
    callId: call.callId,
    callNumber: call.callNumber,
    unitId: unit.unitId,
    unitLabel: unit.callsign,
    mapX: 1,
    mapY: 2,
  };
  await Promise.all(watchers.map((w) => w.until(`created on ${w.name}`, (e) => e.type === 'assignment.created')));

  // Concurrent writers, two through each instance, each moving the one pin in its own sequence.
  const WRITERS = 8;
  const MOVES = 6;
  const pins = (writer: number) => Array.from({ length: MOVES }, (_, i) => ({ mapX: 1000 * (writer + 1) + i, mapY: -(writer + 1) }));
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      const through = writer % 2 === 0 ? a! : b!;
      for (const pin of pins(writer)) {
        ok(
          await through.http.patch(`/api/v1/admin/calls/${call.callId}/assignments/${unit.unitId}`, pin, {
            token: through.app.bootstrapKey,
          }),
        );
      }
    }),
  );
  const stored = ok(await b!.http.get(`/api/v1/admin/calls/${call.callId}`, { token: b!.app.bootstrapKey })) as Record<string, any>;
  const storedPin = (stored['units'] as Array<Record<string, any>>).find((u) => u['unitId'] === unit.unitId)!['assignment'];
  // A last move through B marks the end: once it has arrived, each socket's whole list is known.
  const marker = { mapX: -1, mapY: -1 };
  ok(await b!.http.patch(`/api/v1/admin/calls/${call.callId}/assignments/${unit.unitId}`, marker, { token: b!.app.bootstrapKey }));
  await Promise.all(watchers.map((w) => w.until(`the marker on ${w.name}`, (e) => e['mapX'] === marker.mapX)));

  const lists = watchers.map((w) => w.received.map(withoutTime));
  for (const [i, list] of lists.entries()) {
    const name = watchers[i]!.name;
    t.deepEqual(list[0], created, `${name}: the created event, exactly`);
    t.is(list.length, 1 + WRITERS * MOVES + 1, `${name}: every change once, nothing else`);
    const moves = list.slice(1, -1);
    t.true(
      moves.every((e) => e.type === 'assignment.updated' && e['callId'] === call.callId && e['unitLabel'] === unit.callsign),
      name,
    );
    for (let writer = 0; writer < WRITERS; writer++) {
      const seen = moves.filter((e) => e['mapY'] === -(writer + 1)).map((e) => ({ mapX: e['mapX'], mapY: e['mapY'] }));
      t.deepEqual(seen, pins(writer), `${name}: writer ${writer}'s moves, once each and in its order`);
    }
    const last = moves.at(-1)!;
    t.deepEqual([last['mapX'], last['mapY']], [storedPin['mapX'], storedPin['mapY']], `${name}: the last move is the stored pin`);
    t.true(watchers[i]!.received.every((e) => typeof e.emittedAt === 'string'));
    // The department's sequence numbers, taken in each write's transaction, follow the stored order.
    const seqs = watchers[i]!.received.map((e) => e['seq'] as number);
    t.true(
      seqs.every((seq, k) => Number.isInteger(seq) && (k === 0 || seq === seqs[k - 1]! + 1)),
      `${name}: the sequence numbers follow on, one by one: ${seqs.join(', ')}`,
    );
  }
  for (const list of lists.slice(1)) t.deepEqual(list, lists[0], 'every socket, on either instance, sees the same commit order');

  // A client that was on A comes back on B with the last sequence it saw (the created event's):
  // B reads the log in Redis, which A and B both wrote, and sends every later event, in order, once.
  const seen = watchers[0]!.received;
  const returning = io(`${b!.process.realtimeUrl!}${NAMESPACE}`, {
    auth: { token: world.desk.token, offset: String(seen[0]!['seq']) },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  t.teardown(() => returning.close());
  const replayed: Payload[] = [];
  returning.on('waypoint', (event: Payload) => replayed.push(event));
  const resumed = await within<Payload>('resumed on B', (resolve) => returning.on('waypoint.resumed', resolve));
  t.deepEqual(replayed, seen.slice(1), 'the events after its last sequence, exactly as they were sent, in order, once');
  t.deepEqual(resumed, { seq: seen.at(-1)!['seq'], replayed: seen.length - 1 });
}

/** Node for the uws-engine processes: this one, or the same under a newer glibc (decided once, before registering). */
const uws = DATABASE_URL !== undefined && REDIS_URL !== undefined ? await uwsLauncher(uwsProblem) : null;

whenBackingServices((databaseUrl, redisUrl) => {
  test.serial('node engine: a change through A reaches sockets on A and B once each, in commit order per call', async (t) => {
    t.timeout(PROCESS_TEST_TIMEOUT_MS);
    await oneProcessTestAtATime(t);
    const instances = await pair(t, databaseUrl, redisUrl, { CAD_REALTIME_ENGINE: 'node', CAD_RATE_LIMIT_SCALE: '100' });
    await realtimeAcrossInstances(t, instances);
  });

  const uwsTitle = 'uws engine: a change through A reaches sockets on A and B once each, in commit order per call';
  if (typeof uws === 'string') test.skip(`${uwsTitle} (SKIPPED: uWebSockets.js cannot load here, and ${uws})`, () => undefined);
  else
    test.serial(uwsTitle, async (t) => {
      t.timeout(PROCESS_TEST_TIMEOUT_MS);
      await oneProcessTestAtATime(t);
      const launcher = uws!;
      const instances = await pair(
        t,
        databaseUrl,
        redisUrl,
        { CAD_REALTIME_ENGINE: 'uws', REALTIME_PORT: '0', CAD_RATE_LIMIT_SCALE: '100' },
        launcher,
      );
      t.is(instances[0]!.process.realtimeEngine, 'uws');
      await realtimeAcrossInstances(t, instances);
    });

  test.serial('/panic (6 a minute per credential) holds across A and B together; another credential is unaffected', async (t) => {
    t.timeout(PROCESS_TEST_TIMEOUT_MS);
    await oneProcessTestAtATime(t);
    const [a, b] = await pair(t, databaseUrl, redisUrl);
    const world = await bridgeWorld(a!.app, { settings: { mapType: 'game_tiles' } });
    const officer = await onDutyOfficer(world);
    const second = await world.secondCredential();
    const panic = (instance: Instance, token: string) =>
      instance.http.post('/api/v1/integrations/game/panic', { identifiers: officer.identifiers, mapX: 1, mapY: 1 }, { token });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => panic(i % 2 === 0 ? a! : b!, world.desk.token)));
    t.is(answers.filter((r) => r.status === 200).length, 6, 'six admitted, whichever instance took them');
    const refused = answers.filter((r) => r.status === 429);
    t.is(refused.length, 4);
    for (const reply of refused) {
      t.deepEqual(reply.body, { error: 'RATE_LIMITED', message: 'Too many requests.' });
      const wait = Number(reply.headers.get('retry-after'));
      t.true(wait >= 59 && wait <= 61, `Retry-After ${wait}`);
      t.is(reply.headers.get('ratelimit-limit'), '6');
      t.is(reply.headers.get('ratelimit-remaining'), '0');
    }
    t.is((await panic(b!, second.token)).status, 200, 'another credential has its own budget');
    t.is((await panic(a!, second.token)).headers.get('ratelimit-remaining'), '4', 'counted across both instances too');
  });

  test.serial('the token exchange (10 a minute per address) holds across A and B together; another address is unaffected', async (t) => {
    t.timeout(PROCESS_TEST_TIMEOUT_MS);
    await oneProcessTestAtATime(t);
    const [a, b] = await pair(t, databaseUrl, redisUrl, { CAD_TRUST_PROXY: '1' });
    const exchange = (instance: Instance, address: string) =>
      instance.http.post(
        '/api/v1/integrations/token',
        { clientId: 'cad_ci_unknown', clientSecret: 'cad_cs_wrong' },
        { headers: { 'x-forwarded-for': address } },
      );
    const answers = [];
    for (let i = 0; i < 14; i++) answers.push(await exchange(i % 2 === 0 ? a! : b!, '203.0.113.7'));
    t.deepEqual(
      answers.map((r) => r.status),
      [...Array(10).fill(401), ...Array(4).fill(429)],
    );
    for (const reply of answers.slice(10)) {
      t.deepEqual(reply.body, { error: 'RATE_LIMITED', message: 'Too many requests.' });
      t.true(Number(reply.headers.get('retry-after')) >= 59);
    }
    t.is((await exchange(b!, '203.0.113.8')).status, 401, 'another address has its own budget');
    t.is((await exchange(a!, '203.0.113.8')).headers.get('ratelimit-remaining'), '8');
    const game = await b!.http.post(
      '/api/v1/integrations/game/token',
      { clientId: 'cad_ci_unknown', clientSecret: 'cad_cs_wrong' },
      { headers: { 'x-forwarded-for': '203.0.113.7' } },
    );
    t.is(game.status, 429, 'both exchange paths share the budget');
  });
});
