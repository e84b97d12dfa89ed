import test, { type ExecutionContext } from 'ava';
import { type Socket as ClientSocket, io } from 'socket.io-client';
import { type BridgeWorld, bridgeWorld, freshIdentifiers, unique } from '../support/bridge-driver.ts';
import { expect, tokenFor } from '../support/operator-driver.ts';
import { connected, disconnected, refused } from '../support/realtime-client.ts';
import { REDIS_URL, freshRedisPrefix } from '../support/redis.ts';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import { realtimeEngines, uwsProblem, uwsSkipped } from '../support/uws.ts';

/**
 * Resuming the waypoint channel (decisions 0090, 0091), with a stock `socket.io-client` and no code
 * of the test's own on the client side: the client keeps the last offset the server gave it and
 * sends it back when it reconnects by itself. Each engine runs in its own service, in the part of
 * `npm test` that covers it (tests/support/uws.ts, `realtimeEngines`). With REDIS_URL set, the 30-second test keeps its log in Redis,
 * as instances that share one do (tests/scale/instances.test.ts resumes a client on the other
 * instance); the other tests keep it in the service's memory. The tests of one engine are serial: a uWS-attached Socket.IO
 * server patches the adapter process-wide, so two cannot run side by side in one process.
 */

type Engine = 'node' | 'uws';
const NAMESPACE = '/integrations/game';
/** How long the client stays away, on the service's clock (injected: the test moves it on, it does not wait). */
const AWAY_MS = 30_000;
/** A stock client's own delay before it tries again, in real time. */
const RETRY_MS = 200;

type Wire = Record<string, any>;

/** Every event a socket receives, by name, in arrival order, and a bounded wait for one that matches. */
function recorder(socket: ClientSocket) {
  const all: { name: string; payload: Wire; offset: unknown }[] = [];
  const waiters: (() => void)[] = [];
  socket.onAny((name: string, payload: Wire, offset: unknown) => {
    all.push({ name, payload, offset });
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    all,
    waypoints: () => all.filter((e) => e.name === 'waypoint').map((e) => e.payload),
    until(what: string, found: (e: { name: string; payload: Wire }) => boolean, waitMs = 5_000): Promise<void> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), waitMs);
        const check = () => (all.some(found) ? (clearTimeout(timer), resolve()) : waiters.push(check));
        check();
      });
    },
  };
}

/** A world whose map is `game_tiles`, with one on-duty unit assigned to one call. */
async function assignment(app: TestService) {
  const world: BridgeWorld = await bridgeWorld(app, { settings: { mapType: 'game_tiles' } });
  const character = await world.character('Officer', unique('Unit'));
  const { unitId } = await world.member(character.characterId, world.departmentId, unique('1-A-'));
  const identifiers = await world.link(character.characterId, freshIdentifiers());
  await world.goOnDuty({ identifiers });
  const call = expect(
    await world.admin('POST', `/departments/${world.departmentId}/calls`, { description: 'resume', mapX: 1, mapY: 1 }),
    201,
  );
  expect(await world.admin('POST', `/calls/${call.callId}/assignments`, { unitId }), 201);
  const move = async (mapX: number) =>
    expect(await world.admin('PATCH', `/calls/${call.callId}/assignments/${unitId}`, { mapX, mapY: -1 }), 200);
  return { world, move };
}

function engineTests(engine: Engine) {
  const title = (what: string) => `${engine} engine: ${what}`;
  if (engine === 'uws' && uwsProblem !== null) {
    test.skip(title(`resume tests ${uwsSkipped}`), () => {});
    return;
  }

  const where = REDIS_URL === undefined ? 'the log in memory' : 'the log in Redis';
  test.serial(
    title(
      `a socket away 30 s while three assignments change reconnects by itself, with a fresh token, and gets the three in order, once (${where})`,
    ),
    async (t) => {
      const redis = REDIS_URL === undefined ? undefined : { url: REDIS_URL, prefix: freshRedisPrefix('resume') };
      const clock = new ManualClock();
      const app = await startTestService({ realtime: engine, rateLimitScale: 1000, redis, clock });
      t.teardown(() => app.close());
      const { world, move } = await assignment(app);
      let token = world.desk.token;
      // While away, the client's connection attempt waits for its token here: the test decides when
      // the absence ends, so the three changes are made before it, however slow the machine is.
      let away: Promise<void> = Promise.resolve();
      const socket = io(`${app.service.realtime!.url}${NAMESPACE}`, {
        // A stock client; the token is read at each (re)connection, as a resource that renews it does.
        auth: (cb) => void away.then(() => cb({ token })),
        transports: ['websocket'],
        forceNew: true,
        reconnectionDelay: RETRY_MS,
        reconnectionDelayMax: RETRY_MS,
        randomizationFactor: 0,
      });
      t.teardown(() => socket.close());
      const seen = recorder(socket);
      await connected(socket);
      await seen.until('resumed on connect', (e) => e.name === 'waypoint.resumed');

      await move(100);
      await seen.until('the first move', (e) => e.name === 'waypoint' && e.payload['mapX'] === 100);
      const first = seen.waypoints()[0]!;

      // The connection drops (as when an instance restarts); the client retries by itself.
      let back!: () => void;
      away = new Promise((resolve) => (back = resolve));
      const gone = disconnected(socket);
      socket.io.engine.close();
      t.is(await gone, 'forced close', 'a transport failure, after which a stock client reconnects by itself');
      await move(101);
      await move(102);
      await move(103);
      // 30 s pass on the service's clock, and the token is renewed while away: the client comes back with a new one.
      clock.advance(AWAY_MS);
      token = await tokenFor(app.http, world.desk.credential);
      t.not(token, world.desk.token);
      back();

      await seen.until('resumed after the reconnection', (e) => e.name === 'waypoint.resumed' && e.payload['replayed'] === 3);
      await move(104);
      await seen.until('a live move after resuming', (e) => e.name === 'waypoint' && e.payload['mapX'] === 104);

      const moves = seen.waypoints();
      t.deepEqual(
        moves.map((e) => [e['mapX'], e['seq']]),
        [100, 101, 102, 103, 104].map((mapX, i) => [mapX, first['seq'] + i]),
        'every change once, in sequence order',
      );
      t.true(moves.every((e) => e['type'] === 'assignment.updated'));
      t.deepEqual(
        seen.all.filter((e) => e.name !== 'waypoint').map((e) => [e.name, e.payload]),
        [
          ['waypoint.resumed', { seq: first['seq'] - 1, replayed: 0 }],
          ['waypoint.resumed', { seq: first['seq'] + 3, replayed: 3 }],
        ],
      );
      t.true(
        seen.all.every((e) => e.offset === String(e.payload['seq'])),
        'each event ends with its offset, the sequence number',
      );
    },
  );

  test.serial(title('a socket away longer than the log is told to re-read, then goes on live'), async (t) => {
    // A log that keeps two events and no time: three changes while away outrun it.
    const app = await startTestService({ realtime: engine, rateLimitScale: 1000, realtimeLog: { maxEvents: 2, maxAgeMs: 0 } });
    t.teardown(() => app.close());
    const { world, move } = await assignment(app);
    const socket = io(`${app.service.realtime!.url}${NAMESPACE}`, {
      auth: { token: world.desk.token },
      transports: ['websocket'],
      forceNew: true,
    });
    t.teardown(() => socket.close());
    const seen = recorder(socket);
    await connected(socket);
    await move(200);
    await seen.until('the first move', (e) => e.name === 'waypoint' && e.payload['mapX'] === 200);
    const first = seen.waypoints()[0]!;

    socket.disconnect();
    await move(201);
    await move(202);
    await move(203);
    socket.connect();
    await seen.until('told to re-read', (e) => e.name === 'waypoint.resync');
    await move(204);
    await seen.until('a live move', (e) => e.name === 'waypoint' && e.payload['mapX'] === 204);

    t.deepEqual(
      seen.all.map((e) => [e.name, e.name === 'waypoint' ? e.payload['mapX'] : e.payload]),
      [
        ['waypoint.resumed', { seq: first['seq'] - 1, replayed: 0 }],
        ['waypoint', 200],
        ['waypoint.resync', { reason: 'log_exceeded', seq: first['seq'] + 3 }],
        ['waypoint.resumed', { seq: first['seq'] + 3, replayed: 0 }],
        ['waypoint', 204],
      ],
    );
    // The stored assignment is what `/waypoint` serves to a client that re-reads.
    t.is(seen.waypoints().at(-1)!['seq'], first['seq'] + 4);
  });

  test.serial(
    title('a client that keeps its own place sends it as auth.offset; anything but a sequence number is refused'),
    async (t: ExecutionContext) => {
      const app = await startTestService({ realtime: engine, rateLimitScale: 1000 });
      t.teardown(() => app.close());
      const { world, move } = await assignment(app);
      const url = `${app.service.realtime!.url}${NAMESPACE}`;
      await move(300);
      await move(301);
      const fresh = io(url, { auth: { token: world.desk.token }, transports: ['websocket'], forceNew: true });
      t.teardown(() => fresh.close());
      const current = recorder(fresh);
      await current.until('resumed', (e) => e.name === 'waypoint.resumed');
      const at = current.all[0]!.payload['seq'] as number;

      const returning = io(url, {
        auth: { token: world.desk.token, offset: at - 1 },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      t.teardown(() => returning.close());
      const back = recorder(returning);
      await back.until('resumed', (e) => e.name === 'waypoint.resumed');
      t.deepEqual(
        back.all.map((e) => [e.name, e.payload['mapX'] ?? e.payload['replayed']]),
        [
          ['waypoint', 301],
          ['waypoint.resumed', 1],
        ],
      );

      for (const offset of ['-1', '1.5', 'abc', '', { seq: 1 }, '1'.repeat(40)]) {
        const bad = io(url, { auth: { token: world.desk.token, offset }, transports: ['websocket'], forceNew: true, reconnection: false });
        t.teardown(() => bad.close());
        t.deepEqual((await refused(bad)).data, { reason: 'invalid_offset' }, JSON.stringify(offset));
      }
    },
  );
}

for (const engine of realtimeEngines) engineTests(engine);
