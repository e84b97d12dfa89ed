import test, { type ExecutionContext } from 'ava';
import { bridgeWorld } from '../support/bridge-driver.ts';
import { type MdtListener, mdtListener, mdtSession } from '../support/mdt-driver.ts';
import { expect } from '../support/operator-driver.ts';
import { connected, refused } from '../support/realtime-client.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import { realtimeEngines, uwsProblem, uwsSkipped } from '../support/uws.ts';

/**
 * The officers' MDT channel (`/mdt`) end to end, on each realtime engine: MDTs are stock
 * `socket.io-client` sockets holding an MDT session from the real hand-off; every change is made
 * through the real HTTP routes. One service at a time, serial (uWS patches socket.io-adapter
 * process-wide while attached).
 */

type Engine = 'node' | 'uws';
const ENGINES: readonly Engine[] = realtimeEngines;

let running: { engine: Engine; app: TestService } | undefined;
const listeners = new Set<MdtListener>();

async function serviceFor(engine: Engine): Promise<TestService> {
  if (running?.engine === engine) return running.app;
  await running?.app.close();
  // A short re-check, so that a socket following its officer into a unit shows within the test.
  const app = await startTestService({ realtime: engine, rateLimitScale: 1000, mdtRecheckMs: 200 });
  running = { engine, app };
  return app;
}

test.after.always(async () => {
  for (const listener of listeners) listener.close();
  await running?.app.close();
});

function engineTest(engine: Engine, title: string, body: (t: ExecutionContext, app: TestService) => Promise<void>) {
  const full = `${engine} engine: MDT channel ${title}`;
  if (engine === 'uws' && uwsProblem !== null) {
    test.skip(`${full} ${uwsSkipped}`, () => {});
    return;
  }
  test.serial(full, async (t) => {
    t.teardown(() => {
      for (const listener of listeners) listener.close();
      listeners.clear();
    });
    await body(t, await serviceFor(engine));
  });
}

function listen(app: TestService, auth: Record<string, unknown>): MdtListener {
  const listener = mdtListener(app.service.realtime!.url, auth);
  listeners.add(listener);
  return listener;
}

for (const engine of ENGINES) {
  engineTest(engine, 'moves an MDT connected without a unit into the unit its officer is given, at the next re-check', async (t, app) => {
    const world = await bridgeWorld(app);
    const player = await world.linkedPlayer();
    const mdt = await mdtSession(world, player, { onDuty: false });
    const listener = listen(app, { token: mdt.sessionToken });
    await connected(listener.socket);
    const { unitId } = await world.member(player.characterId);
    // Each duty change is an assignment event for the unit; the MDT hears one once the re-check put it in the unit's room.
    const heard = () => listener.events.some((e) => e.type === 'assignment' && e.unitId === unitId);
    for (let attempt = 0; attempt < 50 && !heard(); attempt++) {
      await world.goOnDuty(player, world.desk, attempt % 2 === 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    t.true(heard(), `received ${JSON.stringify(listener.events.map((e) => e.type))}`);
  });

  engineTest(
    engine,
    'tells an MDT its own unit’s assignments and its call’s new notes, and nothing of other units or calls',
    async (t, app) => {
      const world = await bridgeWorld(app);
      const officer = await world.officer();
      const other = await world.officer();
      const mdt = await mdtSession(world, officer);
      const listener = listen(app, { token: mdt.sessionToken });
      await connected(listener.socket);

      const call = await world.openCall();
      const elsewhere = await world.openCall();
      expect(await world.admin('POST', `/calls/${elsewhere.callId}/assignments`, { unitId: other.unitId }), 201);
      expect(await world.admin('POST', `/calls/${call.callId}/assignments`, { unitId: officer.unitId }), 201);
      const assigned = await listener.next('the assignment', (e) => e.type === 'assignment' && e.assignment?.callId === call.callId);
      t.like(assigned, { unitId: officer.unitId, status: 'EN_ROUTE', assignment: { callNumber: call.callNumber, mapX: 1000, mapY: 2000 } });

      // A note by a unit on the call reaches the MDT; one on another call does not.
      expect(await world.desk.post('/911/narrative', { identifiers: other.identifiers, callId: elsewhere.callId, text: 'not yours' }), 200);
      expect(await mdt.post(`/calls/${call.callId}/notes`, { text: 'on scene shortly' }), 201);
      const noted = await listener.next('the note', (e) => e.type === 'notes' && e.callId === call.callId);
      t.like(noted, { callNumber: call.callNumber, notes: [{ text: 'on scene shortly', author: { kind: 'unit' } }] });
      t.deepEqual(Object.keys(noted.notes[0].author).sort(), ['kind', 'label'], 'no id of the author');

      // Released and sent to another call, the MDT follows its unit there.
      expect(await world.admin('DELETE', `/calls/${call.callId}/assignments/${officer.unitId}`), 200);
      await listener.next('the release', (e) => e.type === 'assignment' && e.assignment === null);
      expect(await world.admin('POST', `/calls/${elsewhere.callId}/assignments`, { unitId: officer.unitId }), 201);
      await listener.next('the new assignment', (e) => e.type === 'assignment' && e.assignment?.callId === elsewhere.callId);
      // A note on the call it left does not arrive; the new call's does (events arrive in order).
      expect(await mdt.post(`/calls/${call.callId}/notes`, { text: 'the old call' }), 201);
      expect(
        await world.desk.post('/911/narrative', { identifiers: other.identifiers, callId: elsewhere.callId, text: 'joined by you' }),
        200,
      );
      await listener.next('the new call’s note', (e) => e.type === 'notes' && e.notes.some((n: any) => n.text === 'joined by you'));

      // Nothing else arrived: no other unit's change, no note of a call it is not on.
      t.false(listener.events.some((e) => e.type === 'assignment' && e.unitId !== officer.unitId));
      t.false(listener.events.some((e) => e.type === 'notes' && e.notes.some((n: any) => ['not yours', 'the old call'].includes(n.text))));
    },
  );

  engineTest(
    engine,
    'admits an MDT session only: an access token, an operator key, a forged or missing session are refused alike',
    async (t, app) => {
      const world = await bridgeWorld(app);
      const officer = await world.officer();
      const mdt = await mdtSession(world, officer);
      for (const auth of [
        { token: world.desk.token },
        { token: app.bootstrapKey },
        { token: `${mdt.sessionToken}x` },
        { key: app.bootstrapKey },
        {},
      ]) {
        const error = await refused(listen(app, auth).socket);
        t.deepEqual(error.data, { reason: 'invalid_session' });
      }
      await connected(listen(app, { token: mdt.sessionToken }).socket);
      // And the session is no credential on the other namespaces.
      const { io } = await import('socket.io-client');
      for (const namespace of ['/integrations/game', '/dispatch']) {
        const socket = io(`${app.service.realtime!.url}${namespace}`, {
          auth: { token: mdt.sessionToken, key: mdt.sessionToken, organisationId: world.organisationId },
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
        });
        const error = await refused(socket);
        socket.close();
        t.truthy(error.data?.reason, namespace);
      }
    },
  );
}
