import { randomBytes, randomUUID } from 'node:crypto';
import { type Server as HttpServer, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import test, { type ExecutionContext } from 'ava';
import Koa from 'koa';
import { type Socket as ClientSocket, io as connectClient } from 'socket.io-client';
import {
  GAME_NAMESPACE,
  type RealtimeEngineChoice,
  type RealtimeGateway,
  startRealtime,
  tokenAuthentication,
} from '../../adapters/realtime-socketio/index.ts';
import { JwtAccessTokens } from '../../adapters/security/index.ts';
import type { WaypointEvent } from '../../adapters/realtime-socketio/index.ts';
import type { CallId, CredentialId, DepartmentId, OrganisationId, UnitId } from '../../domain/shared/ids.ts';
import { realtimeEngines, uwsProblem, uwsSkipped } from '../support/uws.ts';
import { connected, disconnected, refused, within } from '../support/realtime-client.ts';

// Every test is serial: attaching Socket.IO to a uWS app patches socket.io-adapter's Adapter
// prototype process-wide until that server closes, which would break a node-engine server
// running beside it in this worker.

type Engine = 'uws' | 'node';
type Transport = 'websocket' | 'polling';
const ENGINES: readonly Engine[] = realtimeEngines;
const TRANSPORTS: Transport[] = ['websocket', 'polling'];

if (uwsProblem !== null && realtimeEngines.includes('uws')) {
  console.warn(
    `[realtime] uWebSockets.js does not load in this process (${uwsProblem}); the uws engine tests are skipped. ` +
      'npm test runs them under a newer glibc.',
  );
}

/** Registers a test for one engine; the uws ones are visibly skipped where uWS cannot load. */
function engineTest(engine: Engine, title: string, body: (t: ExecutionContext, engine: Engine) => Promise<void>) {
  const full = `${engine} engine: ${title}`;
  if (engine === 'uws' && uwsProblem !== null) {
    test.skip(`${full} ${uwsSkipped}`, () => {});
  } else {
    test.serial(full, (t) => body(t, engine));
  }
}

// --- Tokens: the real signer, and the handshake check the composition root uses.
const TTL_SECONDS = 720;
const tokens = new JwtAccessTokens(randomBytes(32), TTL_SECONDS);
const uuid = <T>() => randomUUID() as T;

/** A token whose expiry is `remainingSeconds` (minus under a second) from now. */
function tokenFor(organisationId: string, departmentId: string | null, { remainingSeconds = TTL_SECONDS, signer = tokens } = {}) {
  const issuedAt = new Date(Date.now() - (TTL_SECONDS - remainingSeconds) * 1000);
  const facts = {
    credentialId: uuid<CredentialId>(),
    organisationId: organisationId as OrganisationId,
    scopes: [],
    label: 'realtime test',
  };
  return signer.issue(
    {
      ...(departmentId === null
        ? { kind: 'generic_api_key' as const, departmentId: null }
        : { kind: 'game' as const, departmentId: departmentId as DepartmentId }),
      ...facts,
    },
    issuedAt,
  ).accessToken;
}

/** Each department's events are numbered 1, 2, 3... as the service numbers them (decision 0090). */
const lastSeq = new Map<string, number>();
function waypoint(departmentId: string, organisationId = ''): WaypointEvent {
  const room = `${organisationId}:${departmentId}`;
  const seq = (lastSeq.get(room) ?? 0) + 1;
  lastSeq.set(room, seq);
  return {
    type: 'assignment.created',
    seq,
    emittedAt: new Date().toISOString(),
    departmentId: departmentId as DepartmentId,
    callId: uuid<CallId>(),
    callNumber: 'C-1',
    unitId: uuid<UnitId>(),
    unitLabel: '1-ADAM-12',
    mapX: 10.5,
    mapY: null,
  };
}

// --- One gateway per test, beside a Koa HTTP server that answers everything else with 404.
interface Harness {
  gateway: RealtimeGateway;
  httpServer: HttpServer;
  httpUrl: string;
  authCalls: () => number;
  warnings: { obj: object; msg: string }[];
  open(token: unknown, transport: Transport, options?: { namespace?: string }): ClientSocket;
}

async function start(t: ExecutionContext, engine: RealtimeEngineChoice): Promise<Harness> {
  const koa = new Koa();
  koa.use((ctx) => {
    ctx.status = 404;
    ctx.body = 'koa: not found';
  });
  const httpServer = createServer(koa.callback());
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const httpUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  const check = tokenAuthentication(tokens);
  let authCalls = 0;
  const warnings: Harness['warnings'] = [];
  const clients: ClientSocket[] = [];
  const closeHttp = () =>
    new Promise<void>((resolve) => {
      httpServer.close(() => resolve());
      httpServer.closeAllConnections();
    });
  let gateway: RealtimeGateway;
  try {
    gateway = await startRealtime({
      engine,
      port: 0,
      host: '127.0.0.1',
      http: { kind: 'node', server: httpServer },
      authenticate: (token) => {
        authCalls += 1;
        return check(token);
      },
      now: () => new Date(),
      logger: { warn: (obj, msg) => warnings.push({ obj, msg }), info: () => {} },
    });
  } catch (error) {
    await closeHttp();
    throw error;
  }
  t.teardown(async () => {
    for (const client of clients) client.close();
    await gateway.close();
    await closeHttp();
  });
  return {
    gateway,
    httpServer,
    httpUrl,
    authCalls: () => authCalls,
    warnings,
    open(token, transport, { namespace = GAME_NAMESPACE } = {}) {
      const socket = connectClient(`${gateway.url}${namespace}`, {
        auth: { token },
        transports: [transport],
        reconnection: false,
        forceNew: true,
      });
      clients.push(socket);
      return socket;
    },
  };
}

// --- Client-side helpers, each bounded so a failure reports instead of hanging.

/** Records every `waypoint` a socket receives; `until` waits for the one with a given call id. */
function inbox(socket: ClientSocket) {
  const events: WaypointEvent[] = [];
  const waiters: (() => void)[] = [];
  socket.on('waypoint', (event: WaypointEvent) => {
    events.push(event);
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    events,
    until(marker: WaypointEvent): Promise<WaypointEvent[]> {
      return within('waypoint ' + marker.callId, (resolve) => {
        const check = () => (events.some((e) => e.callId === marker.callId) ? resolve([...events]) : waiters.push(check));
        check();
      });
    },
  };
}

// --- The matrix: each engine, each transport.
for (const engine of ENGINES) {
  for (const transport of TRANSPORTS) {
    const on = `${transport}:`;

    engineTest(engine, `${on} a socket receives events of its own organisation and department only`, async (t) => {
      const h = await start(t, engine);
      const [orgA, orgB, dept1, dept2] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      const mine = h.open(tokenFor(orgA, dept1), transport);
      const otherDepartment = h.open(tokenFor(orgA, dept2), transport);
      const otherOrganisation = h.open(tokenFor(orgB, dept1), transport); // same department id, other organisation
      const [inMine, inOtherDepartment, inOtherOrganisation] = [inbox(mine), inbox(otherDepartment), inbox(otherOrganisation)];
      await Promise.all([mine, otherDepartment, otherOrganisation].map(connected));
      t.is(h.gateway.connections, 3);

      const event = waypoint(dept1);
      h.gateway.publish(orgA as OrganisationId, event);
      // Markers published after `event`: a socket that got the marker first never got `event`.
      const markerB = waypoint(dept2);
      const markerC = waypoint(dept1, orgB);
      const markerA = waypoint(dept1);
      h.gateway.publish(orgA as OrganisationId, markerB);
      h.gateway.publish(orgB as OrganisationId, markerC);
      h.gateway.publish(orgA as OrganisationId, markerA);
      t.deepEqual(await inMine.until(markerA), [event, markerA]);
      t.deepEqual(await inOtherDepartment.until(markerB), [markerB]);
      t.deepEqual(await inOtherOrganisation.until(markerC), [markerC]);
    });

    engineTest(engine, `${on} a bad or missing token is refused with invalid_token`, async (t) => {
      const h = await start(t, engine);
      const strangerSigner = new JwtAccessTokens(randomBytes(32), TTL_SECONDS);
      for (const token of ['not-a-jwt', undefined, 42, tokenFor(randomUUID(), randomUUID(), { signer: strangerSigner })]) {
        const error = await refused(h.open(token, transport));
        t.is(error.message, 'unauthorized');
        t.deepEqual(error.data, { reason: 'invalid_token' });
      }
      t.is(h.gateway.connections, 0);
    });

    engineTest(engine, `${on} an expired token is refused with token_expired`, async (t) => {
      const h = await start(t, engine);
      const error = await refused(h.open(tokenFor(randomUUID(), randomUUID(), { remainingSeconds: -60 }), transport));
      t.is(error.message, 'unauthorized');
      t.deepEqual(error.data, { reason: 'token_expired' });
    });

    engineTest(engine, `${on} an API credential's token is refused with game_credential_required`, async (t) => {
      const h = await start(t, engine);
      const error = await refused(h.open(tokenFor(randomUUID(), null), transport));
      t.is(error.message, 'unauthorized');
      t.deepEqual(error.data, { reason: 'game_credential_required' });
    });

    engineTest(engine, `${on} a socket is disconnected when its token expires`, async (t) => {
      const h = await start(t, engine);
      const [org, dept] = [randomUUID(), randomUUID()];
      const shortLived = h.open(tokenFor(org, dept, { remainingSeconds: 2 }), transport);
      const longLived = h.open(tokenFor(org, dept), transport);
      await Promise.all([connected(shortLived), connected(longLived)]);
      const started = Date.now();
      t.is(await disconnected(shortLived), 'io server disconnect');
      const elapsed = Date.now() - started;
      t.true(elapsed > 500 && elapsed < 2_500, `disconnected after ${elapsed} ms`);
      // Only that socket: the other one, same room, still receives.
      const marker = waypoint(dept);
      h.gateway.publish(org as OrganisationId, marker);
      t.deepEqual(await inbox(longLived).until(marker), [marker]);
      t.is(h.gateway.connections, 1);
    });

    engineTest(engine, `${on} whatever a client emits is ignored and nothing is echoed`, async (t) => {
      const h = await start(t, engine);
      const [org, dept] = [randomUUID(), randomUUID()];
      const talker = h.open(tokenFor(org, dept), transport);
      const peer = h.open(tokenFor(org, dept), transport);
      const [inTalker, inPeer] = [inbox(talker), inbox(peer)];
      await Promise.all([connected(talker), connected(peer)]);
      let acknowledged = false;
      talker.emit('waypoint', { type: 'assignment.created', seq: 1, departmentId: dept });
      talker.emit('subscribe', { organisationId: randomUUID(), departmentId: randomUUID() });
      talker.emit('anything', 1, () => (acknowledged = true));
      // A connect on the same connection, after the emits: once it is answered, the server has
      // handled them (and the default namespace serves nothing).
      const probe = talker.io.socket('/', { auth: { token: tokenFor(org, dept) } });
      probe.connect();
      t.is((await refused(probe)).message, 'namespace not served');
      const marker = waypoint(dept);
      h.gateway.publish(org as OrganisationId, marker);
      t.deepEqual(await inTalker.until(marker), [marker]);
      t.deepEqual(await inPeer.until(marker), [marker]);
      t.false(acknowledged);
      t.true(talker.connected);
      t.is(h.gateway.connections, 2);
    });

    engineTest(engine, `${on} a message over the size limit cuts that connection only`, async (t) => {
      const h = await start(t, engine);
      const [org, dept] = [randomUUID(), randomUUID()];
      const flooder = h.open(tokenFor(org, dept), transport);
      const peer = h.open(tokenFor(org, dept), transport);
      await Promise.all([connected(flooder), connected(peer)]);
      flooder.emit('flood', 'x'.repeat(10_000));
      t.regex(await disconnected(flooder), /^transport (close|error)$/);
      const marker = waypoint(dept);
      h.gateway.publish(org as OrganisationId, marker);
      t.deepEqual(await inbox(peer).until(marker), [marker]);
    });

    engineTest(engine, `${on} a reconnect runs authentication again`, async (t) => {
      const h = await start(t, engine);
      const [org, dept1, dept2] = [randomUUID(), randomUUID(), randomUUID()];
      let token = tokenFor(org, dept1);
      const socket = connectClient(`${h.gateway.url}${GAME_NAMESPACE}`, {
        auth: (callback) => callback({ token }),
        transports: [transport],
        forceNew: true,
        reconnectionDelay: 20,
        reconnectionDelayMax: 50,
      });
      t.teardown(() => socket.close());
      const received = inbox(socket);
      await connected(socket);
      const callsAfterFirst = h.authCalls();

      // The connection drops and the client reconnects on its own, now with a bad token: refused.
      token = 'not-a-jwt';
      socket.io.engine.close();
      t.deepEqual((await refused(socket)).data, { reason: 'invalid_token' });
      t.is(h.authCalls(), callsAfterFirst + 1);

      // With a token of another department it joins that department's room, not the old one.
      token = tokenFor(org, dept2);
      socket.connect();
      await connected(socket);
      h.gateway.publish(org as OrganisationId, waypoint(dept1));
      const marker = waypoint(dept2);
      h.gateway.publish(org as OrganisationId, marker);
      t.deepEqual(await received.until(marker), [marker]);
    });
  }

  engineTest(engine, 'the default namespace serves nothing', async (t) => {
    const h = await start(t, engine);
    const error = await refused(h.open(tokenFor(randomUUID(), randomUUID()), 'websocket', { namespace: '/' }));
    t.is(error.message, 'namespace not served');
  });

  engineTest(engine, 'close() drops every connection, so clients retry later, and refuses new ones', async (t) => {
    const h = await start(t, engine);
    const sockets = TRANSPORTS.map((transport) => h.open(tokenFor(randomUUID(), randomUUID()), transport));
    await Promise.all(sockets.map(connected));
    t.is(h.gateway.connections, 2);
    const gone = Promise.all(sockets.map(disconnected));
    await h.gateway.close();
    // A dropped transport, not a Socket.IO `disconnect` (after which a client would not retry).
    for (const reason of await gone) t.regex(reason, /^transport (close|error)$/);
    t.is(h.gateway.connections, 0);
    await t.throwsAsync(connected(h.open(tokenFor(randomUUID(), randomUUID()), 'polling')));
    // The HTTP server belongs to its owner: still serving.
    t.true(h.httpServer.listening);
    t.is((await fetch(`${h.httpUrl}/anything`)).status, 404);
  });
}

if (realtimeEngines.includes('node'))
  test.serial('node engine: Socket.IO shares the Koa server, which still answers everything else', async (t) => {
    const h = await start(t, 'node');
    t.is(h.gateway.url, h.httpUrl);
    const other = await fetch(`${h.httpUrl}/anything`);
    t.is(other.status, 404);
    t.is(await other.text(), 'koa: not found');
    // Engine.IO answers its own path before Koa sees it: a long-polling handshake opens a session.
    const handshake = await fetch(`${h.httpUrl}/socket.io/?EIO=4&transport=polling`);
    t.is(handshake.status, 200);
    t.regex(await handshake.text(), /^0\{"sid":/);
    // No client bundle is served.
    t.is((await fetch(`${h.httpUrl}/socket.io/socket.io.js`)).status, 400);
  });

test.serial('auto engine: uWebSockets.js where it loads, otherwise the Node HTTP server, saying why', async (t) => {
  const h = await start(t, 'auto');
  t.deepEqual(h.warnings, []);
  if (uwsProblem === null) {
    t.is(h.gateway.engine, 'uws');
    t.not(h.gateway.url, h.httpUrl);
    t.is(h.gateway.fallback, null);
  } else {
    t.is(h.gateway.engine, 'node');
    t.is(h.gateway.url, h.httpUrl);
    t.is(h.gateway.fallback, uwsProblem);
  }
  const [org, dept] = [randomUUID(), randomUUID()];
  const socket = h.open(tokenFor(org, dept), 'websocket');
  await connected(socket);
  const marker = waypoint(dept);
  h.gateway.publish(org as OrganisationId, marker);
  t.deepEqual(await inbox(socket).until(marker), [marker]);
});

if (uwsProblem !== null) {
  test.serial('uws engine, asked for explicitly where uWebSockets.js cannot load: start fails with the reason', async (t) => {
    const error = await t.throwsAsync(start(t, 'uws'));
    t.true(error.message.startsWith('uWebSockets.js could not be loaded: '), error.message);
  });
}
