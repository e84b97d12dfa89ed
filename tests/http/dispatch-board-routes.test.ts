import test from 'ava';
import { bridgeWorld, unique } from '../support/bridge-driver.ts';
import { expect, organisationOf } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/** The operator routes a dispatch board needs beside the call actions: the call queue, unit statuses, notes. */

let app: TestService;
test.before(async () => {
  app = await startTestService({ rateLimitScale: 1000 });
});
test.after.always(() => app?.close());

async function dispatcher() {
  const world = await bridgeWorld(app);
  const { key } = await organisationOf(app.http, app.bootstrapKey, world.organisationId).operatorKey(['dispatch.manage'], unique('desk-'));
  const as = (method: string, path: string, body?: unknown) => app.http.send(method, `/api/v1/admin${path}`, body, { token: key });
  return { world, as };
}

test('the open calls come newest first, a page at a time, by department and status, without closed ones', async (t) => {
  const { world, as } = await dispatcher();
  const fire = await world.department(unique('fire-'));
  const [a, b, c, d] = [await world.openCall(), await world.openCall(fire), await world.openCall(), await world.openCall()];
  await world.closeCall(c.callId);
  const officer = await world.officer();
  expect(await as('POST', `/calls/${d.callId}/assignments`, { unitId: officer.unitId }), 201);
  const base = `/organisations/${world.organisationId}/calls`;
  const ids = (page: { items: Array<{ callId: string }> }) => page.items.map((call) => call.callId);

  const first = expect(await as('GET', `${base}?limit=2`), 200);
  t.deepEqual(ids(first), [d.callId, b.callId]);
  t.true(first.hasMore);
  const second = expect(await as('GET', `${base}?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`), 200);
  t.deepEqual(ids(second), [a.callId]);
  t.false(second.hasMore);
  t.is(second.nextCursor, null);

  t.deepEqual(ids(expect(await as('GET', `${base}?departmentId=${fire}`), 200)), [b.callId]);
  t.deepEqual(ids(expect(await as('GET', `${base}?status=ACTIVE`), 200)), [d.callId]);
  t.deepEqual(ids(expect(await as('GET', `${base}?status=PENDING&departmentId=${world.departmentId}`), 200)), [a.callId]);
  t.is(expect(await as('GET', `${base}?status=CLOSED`), 400).error, 'VALIDATION_FAILED');
  // A cursor is good only for the filters it was handed out with.
  t.is(
    expect(await as('GET', `${base}?limit=2&status=PENDING&cursor=${encodeURIComponent(first.nextCursor)}`), 400).error,
    'VALIDATION_FAILED',
  );
});

test('a dispatcher sets each of the six statuses of a unit, audited with the reason; OFF_DUTY ends its assignment', async (t) => {
  const { world, as } = await dispatcher();
  const officer = await world.officer();
  const call = await world.openCall();
  expect(await as('POST', `/calls/${call.callId}/assignments`, { unitId: officer.unitId }), 201);
  for (const status of ['BUSY', 'OUT_OF_SERVICE', 'ON_SCENE', 'EN_ROUTE', 'AVAILABLE', 'OFF_DUTY']) {
    const { result, entries } = await world.audited(() =>
      as('PATCH', `/units/${officer.unitId}/status`, { status, reason: `to ${status}` }),
    );
    const unit = expect(result, 200);
    t.is(unit.status, status);
    t.is(entries.length, 1);
    t.like(entries[0], { action: 'unit.status_changed', actor: { kind: 'operator' }, subject: { type: 'unit', id: officer.unitId } });
    t.like(entries[0]!.details, { to: status, reason: `to ${status}` });
  }
  t.is((await world.unit(officer.unitId!)).assignment, null);
  // The same status again changes nothing and writes nothing.
  const again = await world.audited(() => as('PATCH', `/units/${officer.unitId}/status`, { status: 'OFF_DUTY' }));
  t.is(expect(again.result, 200).status, 'OFF_DUTY');
  t.deepEqual(again.entries, []);
});

test('a dispatcher adds a note to a call’s timeline, signed with the key’s label, open or closed', async (t) => {
  const { world, as } = await dispatcher();
  const call = await world.openCall();
  const { result, entries } = await world.audited(() => as('POST', `/calls/${call.callId}/notes`, { text: 'caller says: two suspects' }));
  const note = expect(result, 201);
  t.like(note, { text: 'caller says: two suspects', author: { kind: 'operator' } });
  t.like(entries, [{ action: 'call.note_added', subject: { type: 'call', id: call.callId }, details: { eventId: note.eventId } }]);
  await world.closeCall(call.callId);
  expect(await as('POST', `/calls/${call.callId}/notes`, { text: 'closed: report filed' }), 201);
  const read = await world.readCall(call.callId);
  t.deepEqual(
    read.notes.map((n: { text: string }) => n.text),
    ['caller says: two suspects', 'closed: report filed'],
  );
  t.is(read.notes[0].author.label, note.author.label);
  t.is(expect(await as('POST', `/calls/${call.callId}/notes`, { text: '' }), 400).error, 'VALIDATION_FAILED');
});

test('another organisation’s key sees nothing', async (t) => {
  const { world } = await dispatcher();
  const other = await dispatcher();
  const call = await world.openCall();
  const officer = await world.officer();
  t.is((await other.as('POST', `/calls/${call.callId}/notes`, { text: 'x' })).status, 404);
  t.is((await other.as('PATCH', `/units/${officer.unitId}/status`, { status: 'BUSY' })).status, 404);
  t.is((await other.as('GET', `/organisations/${world.organisationId}/calls`)).status, 404);
  t.is((await world.unit(officer.unitId!)).status, 'AVAILABLE');
});

test('the operator sets the board’s map layer in the organisation’s settings, checked before anything is written', async (t) => {
  const { world } = await dispatcher();
  const base = `/organisations/${world.organisationId}`;
  const layer = {
    tileUrlTemplate: 'https://tiles.example.org/gta/{z}/{x}/{y}.png',
    imageUrl: null,
    bounds: { minX: -4000, minY: -4000, maxX: 6000, maxY: 8000 },
  };
  t.like(expect(await world.admin('PATCH', base, { mapLayer: layer }), 200), { mapLayer: layer });
  t.like(expect(await world.admin('GET', base), 200), { mapLayer: layer });
  for (const wrong of [
    { ...layer, tileUrlTemplate: 'https://tiles.example.org/gta/{z}/{x}.png' },
    { ...layer, bounds: { ...layer.bounds, maxX: -5000 } },
    { ...layer, tileUrlTemplate: null },
  ]) {
    const reply = expect(await world.admin('PATCH', base, { mapLayer: wrong }), 400);
    t.like(reply, { error: 'VALIDATION_FAILED', details: [{ field: 'mapLayer' }] });
  }
  expect(await world.admin('PATCH', base, { mapLayer: { ...layer, tileUrlTemplate: 'http://tiles.example.org/{z}/{x}/{y}.png' } }), 400);
  t.like(expect(await world.admin('GET', base), 200), { mapLayer: layer });
  t.like(expect(await world.admin('PATCH', base, { mapLayer: null }), 200), { mapLayer: null });
});
