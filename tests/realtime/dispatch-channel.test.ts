import test, { type ExecutionContext } from 'ava';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { asyncApiDocument } from '../../adapters/realtime-socketio/index.ts';
import { type BridgeWorld, bridgeWorld, freshIdentifiers, unique } from '../support/bridge-driver.ts';
import { type BoardClient, type BoardEvent, boardClient, positionsOf } from '../support/dispatch-board.ts';
import { expect, organisationOf } from '../support/operator-driver.ts';
import { invite, signUp } from '../support/people-driver.ts';
import { io } from 'socket.io-client';
import { eventually } from '../support/processes.ts';
import { WAIT_MS, connected, disconnected, refused } from '../support/realtime-client.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import { realtimeEngines, uwsProblem, uwsSkipped } from '../support/uws.ts';

/**
 * The dispatchers' channel (`/dispatch`) end to end, on each realtime engine: boards are stock
 * `socket.io-client` sockets; every change is made through the real HTTP routes (bridge, operator).
 * One service at a time, serial (uWS patches socket.io-adapter process-wide while attached).
 */

type Engine = 'node' | 'uws';
const ENGINES: readonly Engine[] = realtimeEngines;

let running: { engine: Engine; app: TestService } | undefined;
const boards = new Set<BoardClient>();

async function serviceFor(engine: Engine): Promise<TestService> {
  if (running?.engine === engine) return running.app;
  await running?.app.close();
  // Boards are judged again every 200 ms here, so a test sees a lost right end a board quickly.
  const app = await startTestService({ realtime: engine, rateLimitScale: 1000, dispatchRecheckMs: 200 });
  running = { engine, app };
  return app;
}

test.after.always(async () => {
  for (const board of boards) board.close();
  await running?.app.close();
});

function engineTest(engine: Engine, title: string, body: (t: ExecutionContext, app: TestService) => Promise<void>) {
  const full = `${engine} engine: dispatch channel ${title}`;
  if (engine === 'uws' && uwsProblem !== null) {
    test.skip(`${full} ${uwsSkipped}`, () => {});
    return;
  }
  test.serial(full, async (t) => {
    t.teardown(() => {
      for (const board of boards) board.close();
      boards.clear();
    });
    await body(t, await serviceFor(engine));
  });
}

/** Whether an event is one the AsyncAPI document describes (one of the `board` messages' payloads). */
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv, { formats: ['date-time', 'uuid'] });
const boardMessages = (asyncApiDocument() as { components: { messages: Record<string, { name: string; payload: object }> } }).components
  .messages;
const described = Object.values(boardMessages)
  .filter((m) => m.name === 'board')
  .map((m) => ajv.compile(m.payload));
const undescribed = (events: readonly BoardEvent[]) => events.filter((event) => !described.some((validate) => validate(event)));

function watch(app: TestService, auth: Record<string, unknown>): BoardClient {
  const board = boardClient(app.service.realtime!.url, auth);
  boards.add(board);
  return board;
}

/** An organisation with an officer on duty (with a callsign) and a key holding `dispatch.manage` only. */
async function dispatchWorld(app: TestService) {
  const world = await bridgeWorld(app, { settings: { mapType: 'game_tiles' } });
  const character = await world.character('Officer', unique('Unit'));
  const callsign = unique('1-A-');
  const { unitId } = await world.member(character.characterId, world.departmentId, callsign);
  const identifiers = await world.link(character.characterId, freshIdentifiers());
  await world.goOnDuty({ identifiers });
  const org = organisationOf(app.http, app.bootstrapKey, world.organisationId);
  const { key } = await org.operatorKey(['dispatch.manage'], unique('dispatcher-'));
  return { world, unitId, callsign, identifiers, key };
}

const heartbeat = (world: BridgeWorld, identifiers: Record<string, string>, mapX: number, mapY: number) =>
  world.desk.post('/location', { identifiers, mapX, mapY }).then((reply) => expect(reply, 200));

const snapshotOf = (board: BoardClient) => board.next('snapshot', (e) => e.type === 'snapshot');

/** Pages of the same host as the service's, on other ports: another scheme's default, txAdmin's 40120, the next port. */
function otherPortsOf(serviceUrl: string): string[] {
  const { hostname, port } = new URL(serviceUrl);
  return [`http://${hostname}`, `http://${hostname}:${port === '40120' ? 40121 : 40120}`, `http://${hostname}:${Number(port) + 1}`];
}

// The uws engine on a port of its own beside Koa (as `auto` runs where uWS loads): a page of the
// service is served on the HTTP port, so a person's board reaches the channel from there.
if (realtimeEngines.includes('uws') && uwsProblem === null)
  test.serial(
    'uws engine on a port of its own: a person’s board is admitted from the pages’ port of the host, refused from any other',
    async (t) => {
      const app = await startTestService({ realtime: 'uws', httpEngine: 'koa', rateLimitScale: 1000 });
      t.teardown(() => app.close());
      const own = new URL(app.service.url);
      t.not(new URL(app.service.realtime!.url).port, own.port, 'the channel has a port of its own');
      const { world } = await dispatchWorld(app);
      const token = await invite({ key: app.bootstrapKey }, app.http, world.organisationId, 'dispatcher');
      const dana = await signUp(app.http, app.service.url, token, 'Dana Ports', unique('dana.'));
      const page = { cookie: dana.browser.cookie, origin: app.service.url };
      const board = boardClient(app.service.realtime!.url, { organisationId: world.organisationId }, ['websocket'], page);
      t.teardown(() => board.close());
      await snapshotOf(board);
      for (const origin of otherPortsOf(app.service.url)) {
        const beside = boardClient(app.service.realtime!.url, { organisationId: world.organisationId }, ['websocket'], { ...page, origin });
        t.teardown(() => beside.close());
        t.deepEqual((await refused(beside.socket)).data, { reason: 'invalid_key' }, origin);
      }
    },
  );

for (const engine of ENGINES) {
  engineTest(
    engine,
    'sends a snapshot with every unit on duty at its last position, then moves it as heartbeats arrive',
    async (t, app) => {
      const { world, unitId, callsign, identifiers, key } = await dispatchWorld(app);
      await heartbeat(world, identifiers, 120.5, -340);
      const board = watch(app, { key, organisationId: world.organisationId });
      const snapshot = await snapshotOf(board);
      t.is(snapshot.canManage, true);
      t.deepEqual(snapshot.organisation, {
        organisationId: world.organisationId,
        name: snapshot.organisation.name,
        mapType: 'game_tiles',
        map: null,
        staleUnitMinutes: 2,
      });
      t.true(snapshot.departments.some((d: any) => d.departmentId === world.departmentId && d.slug === world.slug));
      const unit = snapshot.units.find((u: any) => u.unitId === unitId);
      t.like(unit, { unitLabel: callsign, status: 'AVAILABLE', departmentId: world.departmentId, assignment: null });
      t.like(unit.position, { mapX: 120.5, mapY: -340 });

      await heartbeat(world, identifiers, 10, 20);
      await heartbeat(world, identifiers, 11, 21);
      await board.next('the last position', (e) => positionsOf([e], unitId).some((p) => p.mapX === 11));
      const sent = positionsOf(board.events, unitId);
      t.like(sent.at(-1), { unitId, unitLabel: callsign, status: 'AVAILABLE', mapX: 11, mapY: 21 });
      t.regex(sent.at(-1)!['reportedAt'], /^\d{4}-\d{2}-\d{2}T/);
      t.deepEqual(undescribed(board.events), [], 'every event as the AsyncAPI document describes it');
    },
  );

  engineTest(engine, 'tells every change, once, after its commit: calls opened, assignments, notes, statuses, closing', async (t, app) => {
    const { world, unitId, identifiers, key } = await dispatchWorld(app);
    const board = watch(app, { key, organisationId: world.organisationId });
    await snapshotOf(board);

    const reported = expect(await world.desk.post('/911', { identifiers, mapX: 5, mapY: 6, description: 'shots fired' }), 200);
    const opened = await board.next('call.opened', (e) => e.type === 'call.opened' && e.call.callId === reported.callId);
    t.like(opened.call, {
      callNumber: reported.callNumber,
      origin: 'emergency_911',
      status: 'PENDING',
      description: 'shots fired',
      mapX: 5,
      mapY: 6,
    });

    expect(await world.admin('POST', `/calls/${reported.callId}/assignments`, { unitId, mapX: 7, mapY: 8 }), 201);
    const assigned = await board.next('assignment.created', (e) => e.type === 'assignment.created' && e.unit.unitId === unitId);
    t.like(assigned.unit, {
      status: 'EN_ROUTE',
      assignment: { callId: reported.callId, callNumber: reported.callNumber, mapX: 7, mapY: 8 },
    });
    await board.next('the call ACTIVE', (e) => e.type === 'call.updated' && e.call.status === 'ACTIVE');

    expect(await world.admin('PATCH', `/calls/${reported.callId}/assignments/${unitId}`, { mapX: 9, mapY: 9 }), 200);
    await board.next('assignment.updated', (e) => e.type === 'assignment.updated' && e.unit.assignment?.mapX === 9);

    expect(await world.desk.post('/911/narrative', { identifiers, callId: reported.callId, text: 'suspect fled north' }), 200);
    const noted = await board.next('call.note_added', (e) => e.type === 'call.note_added' && e.call.callId === reported.callId);
    t.like(noted.notes, [{ text: 'suspect fled north', author: { kind: 'unit' } }]);

    expect(await world.admin('POST', `/calls/${reported.callId}/close`), 200);
    await board.next('call.closed', (e) => e.type === 'call.closed' && e.call.callId === reported.callId);
    await board.next('assignment.removed', (e) => e.type === 'assignment.removed' && e.unit.unitId === unitId);

    // An API credential's changes reach the board too.
    const api = await world.apiToken();
    expect(await app.http.patch(`/api/v1/units/${unitId}/status`, { status: 'BUSY' }, { token: api }), 200);
    await board.next('BUSY from an API credential', (e) => e.type === 'unit.status_changed' && e.unit.status === 'BUSY');
    expect(await app.http.patch(`/api/v1/cad/calls/${reported.callId}/status`, { status: 'ACTIVE' }, { token: api }), 200);
    await board.next(
      'a call reopened by an API credential',
      (e) => e.type === 'call.updated' && e.call.callId === reported.callId && e.call.status === 'ACTIVE',
    );

    await world.goOnDuty({ identifiers }, world.desk, false);
    const off = await board.next('off duty', (e) => e.type === 'unit.status_changed' && e.unit.status === 'OFF_DUTY');
    t.is(off.unit.unitId, unitId);

    t.deepEqual(undescribed(board.events), [], 'every event as the AsyncAPI document describes it');
    t.is(
      undescribed([
        { type: 'positions', emittedAt: 'now' },
        { ...opened, call: { ...opened.call, priority: 'P9' } },
      ]).length,
      2,
    );
    const once = (type: string) =>
      board.events.filter((e: BoardEvent) => e.type === type && (e.call?.callId ?? e.unit?.unitId) !== undefined);
    t.is(once('call.opened').filter((e) => e.call.callId === reported.callId).length, 1);
    t.is(once('call.closed').length, 1);
    t.is(once('assignment.created').length, 1);

    // Off duty: gone from the map of a board that connects now.
    const later = watch(app, { key, organisationId: world.organisationId });
    const snapshot = await snapshotOf(later);
    t.false(snapshot.units.some((u: any) => u.unitId === unitId));
    // The call the API credential reopened is open again.
    t.true(snapshot.calls.some((c: any) => c.callId === reported.callId && c.status === 'ACTIVE'));
  });

  engineTest(
    engine,
    'a person’s board, admitted by their session from the service’s page, is cut off at the next check once their account is disabled',
    async (t, app) => {
      const { world } = await dispatchWorld(app);
      const token = await invite({ key: app.bootstrapKey }, app.http, world.organisationId, 'dispatcher');
      const dana = await signUp(app.http, app.service.url, token, 'Dana Board', unique('dana.'));
      const page = { cookie: dana.browser.cookie, origin: app.service.url };
      const board = boardClient(app.service.realtime!.url, { organisationId: world.organisationId }, ['websocket'], page);
      boards.add(board);
      await snapshotOf(board);
      // The same cookie from another site's page is refused at the handshake.
      const elsewhere = boardClient(app.service.realtime!.url, { organisationId: world.organisationId }, ['websocket'], {
        ...page,
        origin: 'https://evil.example',
      });
      boards.add(elsewhere);
      t.deepEqual((await refused(elsewhere.socket)).data, { reason: 'invalid_key' });
      // Another port of the same host is another site too (txAdmin's 40120, a forum): refused.
      for (const origin of otherPortsOf(app.service.url)) {
        const beside = boardClient(app.service.realtime!.url, { organisationId: world.organisationId }, ['websocket'], { ...page, origin });
        boards.add(beside);
        t.deepEqual((await refused(beside.socket)).data, { reason: 'invalid_key' }, origin);
      }
      const cut = disconnected(board.socket);
      expect(
        await app.http.patch(
          `/api/v1/admin/organisations/${world.organisationId}/people/${dana.personId}`,
          { status: 'disabled' },
          { token: app.bootstrapKey },
        ),
        200,
      );
      t.is(await cut, 'io server disconnect');
    },
  );

  engineTest(
    engine,
    'a board that loses its connection and reconnects by itself starts again from a snapshot that holds what it missed',
    async (t, app) => {
      const { world, identifiers, key } = await dispatchWorld(app);
      // A stock client that reconnects by itself, after a fixed 1.5 s, so the test knows when it is away.
      const socket = io(`${app.service.realtime!.url}/dispatch`, {
        auth: { key, organisationId: world.organisationId },
        transports: ['websocket'],
        forceNew: true,
        reconnectionDelay: 1_500,
        randomizationFactor: 0,
      });
      const events: BoardEvent[] = [];
      socket.on('board', (event: BoardEvent) => events.push(event));
      t.teardown(() => socket.close());
      const snapshots = () => events.filter((e) => e.type === 'snapshot');
      await eventually('the first snapshot', WAIT_MS, () => (snapshots().length === 1 ? true : undefined));

      // The connection drops (as a proxy or a network would); while the board is away a 911 call arrives.
      const away = new Promise((resolve) => socket.once('disconnect', resolve));
      socket.io.engine.close();
      await away;
      const reported = expect(await world.desk.post('/911', { identifiers, mapX: 1, mapY: 2, description: 'while away' }), 200);
      t.false(socket.connected, 'the call was made while the board was away');

      await eventually('the snapshot after reconnecting', WAIT_MS, () => (snapshots().length === 2 ? true : undefined));
      t.false(
        events.some((e) => e.type === 'call.opened' && e.call.callId === reported.callId),
        'not sent while away',
      );
      t.true(
        snapshots()[1]!.calls.some((c: any) => c.callId === reported.callId),
        'the new snapshot holds the missed call',
      );
    },
  );

  engineTest(
    engine,
    'admits a key of the organisation holding dispatch.view or dispatch.manage; refuses one without (forbidden) and every other key alike',
    async (t, app) => {
      const { world, key } = await dispatchWorld(app);
      const org = organisationOf(app.http, app.bootstrapKey, world.organisationId);
      const { key: watcher, operatorKeyId: watcherId } = await org.operatorKey(['dispatch.view'], unique('watcher-'));
      const readOnly = watch(app, { key: watcher, organisationId: world.organisationId });
      t.is((await snapshotOf(readOnly)).canManage, false);
      // A key of the organisation without the permission: neither the board nor the HTTP reads of calls.
      for (const permissions of [[], ['audit.view'], ['records.manage', 'roster.manage']]) {
        const { key: bare } = await org.operatorKey(permissions, unique('bare-'));
        t.deepEqual((await refused(watch(app, { key: bare, organisationId: world.organisationId }).socket)).data, { reason: 'forbidden' });
        t.is((await app.http.get(`/api/v1/admin/organisations/${world.organisationId}/calls`, { token: bare })).status, 403);
      }
      t.is((await app.http.get(`/api/v1/admin/organisations/${world.organisationId}/calls`, { token: watcher })).status, 200);

      const other = await bridgeWorld(app);
      const { key: foreign } = await organisationOf(app.http, app.bootstrapKey, other.organisationId).operatorKey(
        ['dispatch.manage'],
        unique('x-'),
      );
      for (const auth of [
        { key: foreign, organisationId: world.organisationId },
        { key: 'cad_op_nonsense', organisationId: world.organisationId },
        {},
      ]) {
        const error = await refused(watch(app, auth).socket);
        t.deepEqual(error.data, { reason: 'invalid_key' });
      }
      const missing = await refused(watch(app, { key }).socket);
      t.deepEqual(missing.data, { reason: 'organisation_required' });
      await connected(watch(app, { key, organisationId: world.organisationId }).socket);
      // A revoked key is refused like an unknown one, and its open board is closed at the next check.
      const cut = disconnected(readOnly.socket);
      expect(await app.http.post(`/api/v1/admin/operator-keys/${watcherId}/revoke`, undefined, { token: app.bootstrapKey }), 200);
      t.is(await cut, 'io server disconnect');
      t.deepEqual((await refused(watch(app, { key: watcher, organisationId: world.organisationId }).socket)).data, {
        reason: 'invalid_key',
      });
    },
  );
}
