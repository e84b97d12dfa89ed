import test, { type ExecutionContext } from 'ava';
import { type Socket as ClientSocket, io } from 'socket.io-client';
import { type BridgeWorld, type Desk, type Identifiers, bridgeWorld, freshIdentifiers, unique } from '../support/bridge-driver.ts';
import type { HttpReply } from '../support/http-client.ts';
import { expect, tokenFor } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import { realtimeEngines, uwsProblem, uwsSkipped } from '../support/uws.ts';
import { connected, disconnected, refused, within } from '../support/realtime-client.ts';

/**
 * Waypoint events (section 6) end to end: HTTP writes on the composed service, received by a stock
 * `socket.io-client` on `/integrations/game`, for each realtime engine and transport.
 *
 * "Nothing was received" is proven without sleeping: after the actions under test, each observing
 * socket's own department gets a marker (a dispatcher moves the pin of a standing "beacon"
 * assignment there). Events reach one socket in the order they were emitted, so once the marker
 * has arrived, the socket's whole list is known and is compared with the expected one exactly.
 *
 * One service runs at a time, and every test is serial: attaching Socket.IO to a uWS app patches
 * socket.io-adapter's Adapter prototype process-wide until that server closes, so a node-engine
 * server cannot run beside it in this worker. Per engine: one service for the event tests, then
 * one with 2-second access tokens for the expiry tests.
 */

type Engine = 'node' | 'uws';
type Transport = 'websocket' | 'polling';
const ENGINES: readonly Engine[] = realtimeEngines;
const TRANSPORTS: Transport[] = ['websocket', 'polling'];
const NAMESPACE = '/integrations/game';
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

if (uwsProblem !== null && realtimeEngines.includes('uws')) {
  console.warn(
    `[realtime] uWebSockets.js does not load in this process (${uwsProblem}); the uws engine waypoint tests are skipped. ` +
      'npm test runs them under a newer glibc.',
  );
}

// --- One service at a time; sockets closed after each test and at the end.
let running: { key: string; app: TestService } | undefined;
const sockets = new Set<ClientSocket>();

async function stopService() {
  const current = running;
  running = undefined;
  await current?.app.close();
}

async function serviceFor(engine: Engine, accessTokenTtlSeconds?: number): Promise<TestService> {
  const key = `${engine}:${accessTokenTtlSeconds ?? 'default'}`;
  if (running?.key === key) return running.app;
  closeSockets();
  await stopService();
  const app = await startTestService({ realtime: engine, rateLimitScale: 1000, accessTokenTtlSeconds });
  running = { key, app };
  if (app.service.realtime?.engine !== engine)
    throw new Error(`asked for the ${engine} engine, got ${JSON.stringify(app.service.realtime)}`);
  return app;
}

function closeSockets() {
  for (const socket of sockets) socket.close();
  sockets.clear();
}

test.after.always(async () => {
  closeSockets();
  await stopService();
});

/** Registers a serial test for one engine and transport; the uws ones are visibly skipped where uWS cannot load. */
function engineTest(engine: Engine, transport: Transport, title: string, body: (t: ExecutionContext, app: TestService) => Promise<void>) {
  const full = `${engine} engine, ${transport}: ${title}`;
  if (engine === 'uws' && uwsProblem !== null) {
    test.skip(`${full} ${uwsSkipped}`, () => {});
    return;
  }
  test.serial(full, async (t) => {
    t.teardown(closeSockets);
    await body(t, await serviceFor(engine));
  });
}

// --- The stock client, and bounded waits on it.
function open(app: TestService, token: string, transport: Transport): ClientSocket {
  const socket = io(`${app.service.realtime!.url}${NAMESPACE}`, {
    auth: { token },
    transports: [transport],
    forceNew: true,
    reconnection: false,
  });
  sockets.add(socket);
  return socket;
}

interface Received {
  readonly event: WireEvent;
  /** Date.now() when the client got it. */
  readonly at: number;
}

/** Every `waypoint` a socket receives, with its receipt time. */
function inbox(socket: ClientSocket) {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  socket.on('waypoint', (event: WireEvent) => {
    received.push({ event, at: Date.now() });
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    received,
    until(what: string, found: (event: WireEvent) => boolean): Promise<void> {
      return within(what, (resolve) => {
        const check = () => (received.some((r) => found(r.event)) ? resolve() : waiters.push(check));
        check();
      });
    },
  };
}

// --- Dispatcher actions and players, through the real routes.
/** An event as the wire carries it, and what the tests expect of it (all of it but `emittedAt`). */
type WireEvent = { readonly emittedAt: string } & Readonly<Record<string, unknown>>;
type Payload = Readonly<Record<string, string | number | null>>;
interface Place {
  mapX: number;
  mapY: number;
}
interface Call {
  callId: string;
  callNumber: string;
  departmentId: string;
  mapX: number | null;
  mapY: number | null;
}
interface Officer {
  identifiers: Identifiers;
  unitId: string;
  /** The callsign, which events carry as `unitLabel`. */
  callsign: string;
  departmentId: string;
}

function dispatcher(world: BridgeWorld) {
  const admin = world.admin;
  return {
    async openCall(departmentId: string, place: Place | null): Promise<Call> {
      return expect(await admin('POST', `/departments/${departmentId}/calls`, { description: 'dispatcher call', ...place }), 201) as Call;
    },
    assign: (call: Call, unit: Officer, pin?: Place) => admin('POST', `/calls/${call.callId}/assignments`, { unitId: unit.unitId, ...pin }),
    move: (call: Call, unit: Officer, pin: Place) => admin('PATCH', `/calls/${call.callId}/assignments/${unit.unitId}`, pin),
    release: (call: Call, unit: Officer) => admin('DELETE', `/calls/${call.callId}/assignments/${unit.unitId}`),
    close: (call: Call) => admin('POST', `/calls/${call.callId}/close`),
  };
}

/** A linked, on-duty member of the desk's department with a known callsign. */
async function officer(world: BridgeWorld, desk: Desk = world.desk): Promise<Officer> {
  const character = await world.character('Officer', unique('Unit'));
  const callsign = unique('1-A-');
  const { unitId } = await world.member(character.characterId, desk.departmentId, callsign);
  const identifiers = await world.link(character.characterId, freshIdentifiers(), desk);
  await world.goOnDuty({ identifiers }, desk);
  return { identifiers, unitId, callsign, departmentId: desk.departmentId };
}

/** A PENDING call reported through `/911` by a linked player, at `place`. */
async function reported(world: BridgeWorld, place: Place): Promise<Call> {
  const caller = await world.linkedPlayer();
  const reply = await world.desk.post('/911', { identifiers: caller.identifiers, ...place, description: 'shots fired' });
  if (reply.body?.reported !== true) throw new Error(`/911 failed: ${JSON.stringify(reply.body)}`);
  return { callId: reply.body.callId, callNumber: reply.body.callNumber, departmentId: world.departmentId, ...place };
}

function ok<T>(reply: HttpReply<T>, status = 200): T {
  return expect(reply, status);
}

const created = (call: Call, unit: Officer, pin: { mapX: number | null; mapY: number | null }): Payload => ({
  type: 'assignment.created',
  departmentId: unit.departmentId,
  callId: call.callId,
  callNumber: call.callNumber,
  unitId: unit.unitId,
  unitLabel: unit.callsign,
  mapX: pin.mapX,
  mapY: pin.mapY,
});
const updated = (call: Call, unit: Officer, pin: Place): Payload => ({ ...created(call, unit, pin), type: 'assignment.updated' });
const removed = (call: Call, unit: Officer): Payload => ({
  type: 'assignment.removed',
  departmentId: unit.departmentId,
  callId: call.callId,
  unitId: unit.unitId,
  unitLabel: unit.callsign,
});

// --- A scene: an organisation under test, and the sockets watching it and its neighbours.
interface Segment {
  /** Date.now() just before the request that should emit these. */
  readonly since: number;
  readonly events: readonly Payload[];
}

interface Observer {
  readonly name: string;
  readonly box: ReturnType<typeof inbox>;
  readonly segments: Segment[];
  /** A standing assignment in the observer's department, whose pin the marker moves. */
  readonly beacon: { call: Call; unit: Officer; world: BridgeWorld };
}

let markerSerial = 0;

async function beaconIn(world: BridgeWorld, desk: Desk) {
  const unit = await officer(world, desk);
  const call = await dispatcher(world).openCall(desk.departmentId, { mapX: 1, mapY: 1 });
  ok(await dispatcher(world).assign(call, unit), 201);
  return { call, unit, world };
}

/**
 * `world` (its organisation created with `settings`) and a socket on its department, plus a socket
 * on another department of the same organisation and one on another organisation. Beacons are
 * assigned before the sockets connect, so their own `created` events are not seen.
 */
async function scene(app: TestService, transport: Transport, settings: Record<string, unknown> = {}) {
  const world = await bridgeWorld(app, { settings });
  const otherDepartment = await world.otherDesk();
  const otherWorld = await bridgeWorld(app);
  const watched: [string, BridgeWorld, Desk][] = [
    ['own department', world, world.desk],
    ['another department of the organisation', world, otherDepartment],
    ['another organisation', otherWorld, otherWorld.desk],
  ];
  const observers: Observer[] = [];
  for (const [name, w, desk] of watched) {
    const beacon = await beaconIn(w, desk);
    const socket = open(app, desk.token, transport);
    observers.push({ name, box: inbox(socket), segments: [], beacon });
    await connected(socket);
  }
  const own = observers[0]!;
  const beforeMarkers: (() => Promise<unknown>)[] = [];

  return {
    world,
    dispatch: dispatcher(world),
    /** Runs a write, expecting `events` (in any order among themselves) on the own department's socket. */
    async step<T>(action: () => Promise<T>, events: (result: T) => readonly Payload[] = () => []): Promise<T> {
      const since = Date.now();
      const result = await action();
      own.segments.push({ since, events: events(result) });
      return result;
    },
    /** Runs before the markers are sent (a static_image organisation turns to game_tiles there). */
    beforeMarkers(hook: () => Promise<unknown>) {
      beforeMarkers.push(hook);
    },
    /** Marks every observer's department, waits for the markers, and checks each socket's whole list. */
    async settle(t: ExecutionContext) {
      for (const hook of beforeMarkers) await hook();
      const arrivals: Promise<void>[] = [];
      for (const observer of observers) {
        const { call, unit, world: w } = observer.beacon;
        const pin = { mapX: 100_000 + ++markerSerial, mapY: -markerSerial };
        const since = Date.now();
        ok(await dispatcher(w).move(call, unit, pin));
        observer.segments.push({ since, events: [updated(call, unit, pin)] });
        arrivals.push(observer.box.until(`the marker on ${observer.name}`, (e) => e['unitId'] === unit.unitId && e['mapX'] === pin.mapX));
      }
      await Promise.all(arrivals);
      for (const observer of observers) check(t, observer);
    },
  };
}

const strip = ({ emittedAt: _, seq: _seq, ...rest }: WireEvent): Payload => rest as Payload;
const order = (events: Payload[]) => [...events].sort((a, b) => `${a['unitId']}${a['type']}`.localeCompare(`${b['unitId']}${b['type']}`));

/** The socket's whole list equals the expected one (order free within one request), and each `emittedAt` is sound. */
function check(t: ExecutionContext, observer: Observer) {
  const received = observer.box.received;
  const actual: Payload[] = [];
  const expected: Payload[] = [];
  const bounds: { since: number; received: Received }[] = [];
  let offset = 0;
  for (const segment of observer.segments) {
    const slice = received.slice(offset, offset + segment.events.length);
    actual.push(...order(slice.map((r) => strip(r.event))));
    expected.push(...order(segment.events.map((e) => ({ ...e }))));
    bounds.push(...slice.map((r) => ({ since: segment.since, received: r })));
    offset += segment.events.length;
  }
  actual.push(...received.slice(offset).map((r) => strip(r.event)));
  t.deepEqual(actual, expected, `${observer.name}: exactly the expected events`);
  const seqs = received.map((r) => r.event.seq as number);
  t.true(
    seqs.every((seq, i) => Number.isInteger(seq) && seq >= 1 && (i === 0 || seq > seqs[i - 1]!)),
    `${observer.name}: each event carries its department's sequence number, rising: ${seqs.join(', ')}`,
  );
  for (const { since, received: r } of bounds) {
    const emittedAt = Date.parse(r.event.emittedAt);
    t.regex(r.event.emittedAt, ISO_8601, `${observer.name}: emittedAt is ISO 8601`);
    t.true(
      emittedAt >= since && emittedAt <= r.at,
      `${observer.name}: emittedAt ${r.event.emittedAt} lies between the request (${new Date(since).toISOString()}) and the receipt (${new Date(r.at).toISOString()})`,
    );
  }
}

// --- The matrix.
const PLACE = { mapX: 1500.5, mapY: -250.25 };

for (const engine of ENGINES) {
  for (const transport of TRANSPORTS) {
    engineTest(
      engine,
      transport,
      'dispatcher assign: at an explicit pin, at the call’s location, to a call without a place (nulls)',
      async (t, app) => {
        const s = await scene(app, transport);
        const [a, b, c] = [await officer(s.world), await officer(s.world), await officer(s.world)];
        // Opening calls emits nothing.
        const placed = await s.step(() => s.dispatch.openCall(s.world.departmentId, PLACE));
        const placeless = await s.step(() => s.dispatch.openCall(s.world.departmentId, null));
        const pin = { mapX: -12.75, mapY: 4096 };
        const replyA = await s.step(
          () => s.dispatch.assign(placed, a, pin),
          () => [created(placed, a, pin)],
        );
        t.like(ok(replyA, 201), { callId: placed.callId, mapX: pin.mapX, mapY: pin.mapY });
        ok(
          await s.step(
            () => s.dispatch.assign(placed, b),
            () => [created(placed, b, PLACE)],
          ),
          201,
        );
        ok(
          await s.step(
            () => s.dispatch.assign(placeless, c),
            () => [created(placeless, c, { mapX: null, mapY: null })],
          ),
          201,
        );
        await s.settle(t);
      },
    );

    engineTest(
      engine,
      transport,
      'dispatcher moves a pin (updated) and unassigns (removed, without coordinates or call number)',
      async (t, app) => {
        const s = await scene(app, transport);
        const [a, b] = [await officer(s.world), await officer(s.world)];
        const placed = await s.dispatch.openCall(s.world.departmentId, PLACE);
        const placeless = await s.dispatch.openCall(s.world.departmentId, null);
        await s.step(
          () => s.dispatch.assign(placed, a),
          () => [created(placed, a, PLACE)],
        );
        await s.step(
          () => s.dispatch.assign(placeless, b),
          () => [created(placeless, b, { mapX: null, mapY: null })],
        );
        const moved = { mapX: 0, mapY: -0.5 };
        ok(
          await s.step(
            () => s.dispatch.move(placed, a, moved),
            () => [updated(placed, a, moved)],
          ),
        );
        const firstPin = { mapX: 77, mapY: 88 };
        ok(
          await s.step(
            () => s.dispatch.move(placeless, b, firstPin),
            () => [updated(placeless, b, firstPin)],
          ),
        );
        ok(
          await s.step(
            () => s.dispatch.release(placed, a),
            () => [removed(placed, a)],
          ),
        );
        await s.settle(t);
      },
    );

    engineTest(engine, transport, 'dispatcher closes a call with two units: one removed each', async (t, app) => {
      const s = await scene(app, transport);
      const [a, b] = [await officer(s.world), await officer(s.world)];
      const call = await s.dispatch.openCall(s.world.departmentId, PLACE);
      await s.step(
        () => s.dispatch.assign(call, a),
        () => [created(call, a, PLACE)],
      );
      await s.step(
        () => s.dispatch.assign(call, b, { mapX: 5, mapY: 6 }),
        () => [created(call, b, { mapX: 5, mapY: 6 })],
      );
      t.like(
        ok(
          await s.step(
            () => s.dispatch.close(call),
            () => [removed(call, a), removed(call, b)],
          ),
        ),
        { status: 'CLOSED' },
      );
      await s.settle(t);
    });

    engineTest(
      engine,
      transport,
      'bridge /911/self-assign: created at the call’s coordinates (or nulls); /911/unassign: removed',
      async (t, app) => {
        const s = await scene(app, transport);
        const [a, b] = [await officer(s.world), await officer(s.world)];
        const call = await reported(s.world, { mapX: -75.5, mapY: 3010 });
        const placeless = await s.dispatch.openCall(s.world.departmentId, null);
        const assign = (unit: Officer, target: Call) =>
          s.world.desk.post('/911/self-assign', { identifiers: unit.identifiers, callId: target.callId });
        t.like(
          ok(
            await s.step(
              () => assign(a, call),
              () => [created(call, a, { mapX: -75.5, mapY: 3010 })],
            ),
          ),
          { assigned: true, unitStatus: 'EN_ROUTE' },
        );
        t.like(
          ok(
            await s.step(
              () => assign(b, placeless),
              () => [created(placeless, b, { mapX: null, mapY: null })],
            ),
          ),
          { assigned: true },
        );
        t.like(
          ok(
            await s.step(
              () => s.world.desk.post('/911/unassign', { identifiers: a.identifiers, callId: call.callId }),
              () => [removed(call, a)],
            ),
          ),
          { unassigned: true, unitStatus: 'AVAILABLE' },
        );
        await s.settle(t);
      },
    );

    engineTest(
      engine,
      transport,
      'bridge /duty onDuty:false while assigned: removed (and nothing for an unassigned unit)',
      async (t, app) => {
        const s = await scene(app, transport);
        const [a, idle] = [await officer(s.world), await officer(s.world)];
        const call = await reported(s.world, PLACE);
        await s.step(
          () => s.world.desk.post('/911/self-assign', { identifiers: a.identifiers, callId: call.callId }),
          () => [created(call, a, PLACE)],
        );
        t.like(
          await s.step(
            () => s.world.goOnDuty(a, s.world.desk, false),
            () => [removed(call, a)],
          ),
          { status: 'OFF_DUTY' },
        );
        await s.step(() => s.world.goOnDuty(idle, s.world.desk, false));
        await s.settle(t);
      },
    );

    engineTest(
      engine,
      transport,
      'API unit status: BUSY and the other statuses keep the assignment (nothing); OFF_DUTY ends it (removed)',
      async (t, app) => {
        const s = await scene(app, transport);
        const a = await officer(s.world);
        const token = await s.world.apiToken(['cad.unit.assign']);
        const setStatus = (status: string) => app.http.patch(`/api/v1/units/${a.unitId}/status`, { status, reason: 'test' }, { token });
        const call = await s.dispatch.openCall(s.world.departmentId, PLACE);
        await s.step(
          () => s.dispatch.assign(call, a),
          () => [created(call, a, PLACE)],
        );
        for (const status of ['BUSY', 'OUT_OF_SERVICE', 'ON_SCENE', 'AVAILABLE', 'EN_ROUTE']) ok(await s.step(() => setStatus(status)));
        ok(
          await s.step(
            () => setStatus('OFF_DUTY'),
            () => [removed(call, a)],
          ),
        );
        ok(await s.step(() => setStatus('OFF_DUTY')));
        t.like(await s.world.unit(a.unitId), { status: 'OFF_DUTY', assignment: null });
        await s.settle(t);
      },
    );

    engineTest(engine, transport, 'operator deactivates an assigned unit: removed (and nothing for an unassigned one)', async (t, app) => {
      const s = await scene(app, transport);
      const [a, idle] = [await officer(s.world), await officer(s.world)];
      const call = await s.dispatch.openCall(s.world.departmentId, PLACE);
      await s.step(
        () => s.dispatch.assign(call, a, { mapX: 9, mapY: 9 }),
        () => [created(call, a, { mapX: 9, mapY: 9 })],
      );
      await s.step(
        () => s.world.deactivateUnit(a.unitId),
        () => [removed(call, a)],
      );
      await s.step(() => s.world.deactivateUnit(idle.unitId));
      await s.settle(t);
    });

    engineTest(engine, transport, 'refused writes and a /location arrival emit nothing', async (t, app) => {
      const s = await scene(app, transport);
      const a = await officer(s.world);
      const first = await reported(s.world, PLACE);
      const second = await reported(s.world, { mapX: 0, mapY: 0 });
      const selfAssign = (call: Call) => s.world.desk.post('/911/self-assign', { identifiers: a.identifiers, callId: call.callId });
      await s.step(
        () => selfAssign(first),
        () => [created(first, a, PLACE)],
      );
      for (const call of [first, second])
        t.deepEqual(ok(await s.step(() => selfAssign(call))), { assigned: false, reason: 'already_assigned' });
      t.is((await s.step(() => s.dispatch.assign(second, a))).status, 409);
      t.is((await s.step(() => s.dispatch.move(second, a, { mapX: 1, mapY: 2 }))).status, 404);
      t.is((await s.step(() => s.dispatch.release(second, a))).status, 404);
      t.like(ok(await s.step(() => s.world.desk.post('/911/unassign', { identifiers: a.identifiers, callId: second.callId }))), {
        unassigned: false,
        reason: 'not_assigned',
      });
      // Arrival: the unit goes ON_SCENE, and the channel stays silent.
      t.deepEqual(
        ok(await s.step(() => s.world.desk.post('/location', { identifiers: a.identifiers, mapX: PLACE.mapX + 3, mapY: PLACE.mapY }))),
        {
          reported: true,
        },
      );
      t.like(await s.world.unit(a.unitId), { status: 'ON_SCENE', assignment: { callId: first.callId } });
      await s.settle(t);
    });

    engineTest(
      engine,
      transport,
      'isolation: another department of the organisation and another organisation receive nothing',
      async (t, app) => {
        // Every scene checks its neighbours' sockets; this one runs each kind of emitting write.
        const s = await scene(app, transport);
        const [a, b] = [await officer(s.world), await officer(s.world)];
        const call = await s.dispatch.openCall(s.world.departmentId, PLACE);
        await s.step(
          () => s.dispatch.assign(call, a),
          () => [created(call, a, PLACE)],
        );
        await s.step(
          () => s.world.desk.post('/911/self-assign', { identifiers: b.identifiers, callId: call.callId }),
          () => [created(call, b, PLACE)],
        );
        await s.step(
          () => s.dispatch.move(call, a, { mapX: 3, mapY: 4 }),
          () => [updated(call, a, { mapX: 3, mapY: 4 })],
        );
        await s.step(
          () => s.dispatch.close(call),
          () => [removed(call, a), removed(call, b)],
        );
        await s.settle(t);
      },
    );

    engineTest(engine, transport, 'a static_image organisation receives nothing (until its map becomes game_tiles)', async (t, app) => {
      const s = await scene(app, transport, { mapType: 'static_image' });
      const [a, b] = [await officer(s.world), await officer(s.world)];
      const call = await reported(s.world, PLACE);
      const other = await s.dispatch.openCall(s.world.departmentId, null);
      ok(await s.step(() => s.dispatch.assign(call, a, { mapX: 1, mapY: 2 })), 201);
      ok(await s.step(() => s.dispatch.move(call, a, { mapX: 3, mapY: 4 })));
      ok(await s.step(() => s.dispatch.release(call, a)));
      t.like(ok(await s.step(() => s.world.desk.post('/911/self-assign', { identifiers: b.identifiers, callId: call.callId }))), {
        assigned: true,
      });
      t.like(ok(await s.step(() => s.world.desk.post('/911/unassign', { identifiers: b.identifiers, callId: call.callId }))), {
        unassigned: true,
      });
      ok(await s.step(() => s.dispatch.assign(other, b)), 201);
      await s.step(() => s.world.goOnDuty(b, s.world.desk, false));
      ok(await s.step(() => s.dispatch.assign(call, a)), 201);
      ok(await s.step(() => s.dispatch.close(call)));
      s.beforeMarkers(() => s.world.setSettings({ mapType: 'game_tiles' }));
      await s.settle(t);
    });

    engineTest(engine, transport, 'an API credential’s token is refused with game_credential_required', async (t, app) => {
      const world = await bridgeWorld(app);
      const error = await refused(open(app, await world.apiToken(), transport));
      t.is(error.message, 'unauthorized');
      t.deepEqual(error.data, { reason: 'game_credential_required' });
    });
  }

  for (const transport of TRANSPORTS) {
    const title =
      'token expiry (2 s tokens): the server disconnects the socket; the same token is refused with token_expired, a fresh one admitted';
    if (engine === 'uws' && uwsProblem !== null) {
      test.skip(`${engine} engine, ${transport}: ${title} ${uwsSkipped}`, () => {});
      continue;
    }
    test.serial(`${engine} engine, ${transport}: ${title}`, async (t) => {
      t.teardown(closeSockets);
      const app = await serviceFor(engine, 2);
      const world = await bridgeWorld(app);
      const started = Date.now();
      const token = await tokenFor(app.http, world.desk.credential);
      const socket = open(app, token, transport);
      await connected(socket);
      t.is(await disconnected(socket), 'io server disconnect');
      const elapsed = Date.now() - started;
      // The token's expiry is its issue second plus 2, so between 1 and 2 s after it was issued.
      t.true(elapsed >= 1_000 && elapsed < 3_000, `disconnected ${elapsed} ms after the token exchange started`);

      socket.connect();
      const error = await refused(socket);
      t.is(error.message, 'unauthorized');
      t.deepEqual(error.data, { reason: 'token_expired' });

      socket.auth = { token: await tokenFor(app.http, world.desk.credential) };
      socket.connect();
      await connected(socket);
      t.true(socket.connected);
    });
  }
}
