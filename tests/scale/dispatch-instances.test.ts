import test from 'ava';
import { bridgeWorld, freshIdentifiers, unique } from '../support/bridge-driver.ts';
import { openBrowser } from '../support/browser.ts';
import { LIVE_MS, markerAt, signIn } from '../support/dispatch-scene.ts';
import { type BoardClient, boardClient, positionsOf } from '../support/dispatch-board.ts';
import { freshDatabase, startInstances } from '../support/instances.ts';
import { expect, organisationOf } from '../support/operator-driver.ts';
import { DATABASE_URL } from '../support/postgres.ts';
import { PROCESS_TEST_TIMEOUT_MS, oneProcessTestAtATime } from '../support/processes.ts';
import { REDIS_URL } from '../support/redis.ts';
import { disconnected } from '../support/realtime-client.ts';

/**
 * The dispatch channel across two instances (separate processes, one PostgreSQL database, one
 * Redis): a heartbeat sent to A moves the unit on a board connected to B, a call opened through B
 * reaches a board connected to A, each once; and a board that connects to B after a heartbeat to A
 * finds the unit at its last position (the shared position cache).
 */

if (DATABASE_URL === undefined || REDIS_URL === undefined) {
  test.skip('the dispatch channel across two instances: SKIPPED, set DATABASE_URL and REDIS_URL to run it', () => undefined);
} else {
  const [databaseUrl, redisUrl] = [DATABASE_URL, REDIS_URL];
  test.serial('node engine: boards on A and B see heartbeats and calls made through either instance, once each', async (t) => {
    t.timeout(PROCESS_TEST_TIMEOUT_MS);
    await oneProcessTestAtATime(t);
    const database = await freshDatabase(databaseUrl, 'dispatch');
    t.teardown(() => database.drop());
    const [a, b] = await startInstances(t, {
      count: 2,
      databaseUrl: database.url,
      redisUrl,
      env: { CAD_REALTIME_ENGINE: 'node', CAD_RATE_LIMIT_SCALE: '100' },
    });
    const boards: BoardClient[] = [];
    t.teardown(() => boards.forEach((board) => board.close()));

    // The world through A; the officer's game server talks to A.
    const world = await bridgeWorld(a!.app, { settings: { mapType: 'game_tiles' } });
    const character = await world.character('Officer', unique('Unit'));
    const callsign = unique('3-C-');
    const { unitId } = await world.member(character.characterId, world.departmentId, callsign);
    const identifiers = await world.link(character.characterId, freshIdentifiers());
    await world.goOnDuty({ identifiers });
    const { key } = await organisationOf(a!.http, a!.app.bootstrapKey, world.organisationId).operatorKey(['dispatch.manage'], 'desk');
    const watch = (url: string) => {
      const board = boardClient(url, { key, organisationId: world.organisationId });
      boards.push(board);
      return board;
    };
    const [onA, onB] = [watch(a!.process.realtimeUrl!), watch(b!.process.realtimeUrl!)];
    await Promise.all([onA, onB].map((board) => board.next('snapshot', (e) => e.type === 'snapshot')));

    // A heartbeat to A moves the unit on B's board (and on A's), once.
    expect(await world.desk.post('/location', { identifiers, mapX: 321.5, mapY: -654 }), 200);
    const at = (e: { type: string }) => positionsOf([e as never], unitId).some((p) => p['mapX'] === 321.5);
    await Promise.all([onA, onB].map((board) => board.next('the heartbeat', at)));

    // A call opened through B reaches A's board (and B's), once.
    const opened = expect(
      await b!.http.post(
        `/api/v1/admin/departments/${world.departmentId}/calls`,
        { description: 'through B', mapX: -3500, mapY: 3500 },
        { token: key },
      ),
      201,
    );
    await Promise.all(
      [onA, onB].map((board) => board.next('call.opened', (e) => e.type === 'call.opened' && e.call.callId === opened.callId)),
    );

    // A last change through A marks the end: after it, each board's whole list is known.
    expect(await a!.http.post(`/api/v1/admin/calls/${opened.callId}/notes`, { text: 'marker' }, { token: key }), 201);
    await Promise.all(
      [onA, onB].map((board) => board.next('the marker', (e) => e.type === 'call.note_added' && e.call.callId === opened.callId)),
    );
    for (const [name, board] of [
      ['A', onA],
      ['B', onB],
    ] as const) {
      t.is(board.events.filter(at).length, 1, `${name}: the heartbeat once`);
      t.is(board.events.filter((e) => e.type === 'call.opened' && e.call.callId === opened.callId).length, 1, `${name}: the call once`);
      t.like(
        positionsOf(board.events, unitId).find((p) => p['mapX'] === 321.5),
        { unitLabel: callsign, status: 'AVAILABLE', mapY: -654 },
      );
    }

    // A board connecting to B now finds the unit where it last reported to A.
    const late = watch(b!.process.realtimeUrl!);
    const snapshot = await late.next('snapshot', (e) => e.type === 'snapshot');
    t.like(
      snapshot.units.find((u: { unitId: string }) => u.unitId === unitId),
      { unitLabel: callsign, position: { mapX: 321.5, mapY: -654 } },
    );
    t.true(snapshot.calls.some((c: { callId: string }) => c.callId === opened.callId));

    // The same on the board page: its marker on B moves with a heartbeat to A; a call through B shows on A.
    // (The calls stand far from the unit: markers close together on the map gather into one crowd.)
    const browser = await openBrowser();
    t.teardown(() => browser.close());
    const [pageOnA, pageOnB] = [await browser.context.newPage(), await browser.context.newPage()];
    await signIn(pageOnA, a!.process.url, key);
    await signIn(pageOnB, b!.process.url, key);
    await markerAt(pageOnB, unitId, 321.5, -654).waitFor();
    expect(await world.desk.post('/location', { identifiers, mapX: 400, mapY: 500 }), 200);
    await markerAt(pageOnB, unitId, 400, 500).waitFor({ timeout: LIVE_MS });
    const second = expect(
      await b!.http.post(
        `/api/v1/admin/departments/${world.departmentId}/calls`,
        { description: 'seen on A', mapX: -3400, mapY: 3400 },
        { token: key },
      ),
      201,
    );
    const row = pageOnA.getByRole('table', { name: 'Calls' }).getByRole('row', { name: new RegExp(second.callNumber) });
    await row.waitFor({ timeout: LIVE_MS });
    t.is(await row.count(), 1);

    // A key revoked through A closes its board on B by the fan-out's event: before the board's
    // own 30-second check could have come round, and while another key's board on B stays.
    const org = organisationOf(a!.http, a!.app.bootstrapKey, world.organisationId);
    const { key: doomed, operatorKeyId } = await org.operatorKey(['dispatch.view'], 'doomed');
    const { key: kept } = await org.operatorKey(['dispatch.view'], 'kept');
    const [gone, stays] = [doomed, kept].map((k) => {
      const board = boardClient(b!.process.realtimeUrl!, { key: k, organisationId: world.organisationId });
      boards.push(board);
      return board;
    });
    await Promise.all([gone!, stays!].map((board) => board.next('snapshot', (e) => e.type === 'snapshot')));
    const admittedAt = Date.now();
    const cut = disconnected(gone!.socket);
    expect(await a!.http.post(`/api/v1/admin/operator-keys/${operatorKeyId}/revoke`, undefined, { token: a!.app.bootstrapKey }), 200);
    t.is(await cut, 'io server disconnect');
    t.true(Date.now() - admittedAt < 30_000, 'closed by the event, not by the periodic check');
    t.true(stays!.socket.connected);
  });
}
