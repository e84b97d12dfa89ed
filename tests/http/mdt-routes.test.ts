import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import type { RouteSpec } from '../../adapters/http/route-spec.ts';
import { ROUTES } from '../../adapters/http/routes/index.ts';
import { type BridgeWorld, auditedOnce, bridgeWorld, unique } from '../support/bridge-driver.ts';
import { MDT, type MdtClient, mdtSession } from '../support/mdt-driver.ts';
import { expect } from '../support/operator-driver.ts';
import { routeWorld, validBody } from '../support/route-world.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * The MDT routes through real HTTP: only an MDT session passes them, no other route takes one,
 * the tier is judged against the records on every request, and the writes are the bridge's own
 * use cases. The store is the memory store, compared whole to prove that a refusal wrote nothing
 * (those tests run serially, before the others).
 */
interface Context {
  app: TestService;
  clock: ManualClock;
  store: ReturnType<typeof createMemoryPersistence>;
}
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const clock = new ManualClock(new Date());
  const store = createMemoryPersistence();
  const app = await startTestService({ clock, rateLimitScale: 1000, storage: { kind: 'provided', persistence: store } });
  t.context = { app, clock, store };
});
test.after.always((t) => t.context.app?.close());

const MDT_ROUTES = ROUTES.filter((spec) => spec.guard.kind === 'mdt');
const WRITES = MDT_ROUTES.filter((spec) => spec.guard.kind === 'mdt' && spec.guard.tier === 'full');
const pathOf = (spec: RouteSpec, callId: string) => spec.path.replace(':callId', callId);

/** Sends the route's request with a body it accepts, under the bearer given. */
async function sendTo(t: { context: Context }, spec: RouteSpec, bearer: string | undefined, callId: string, body?: unknown) {
  return t.context.app.http.send(
    spec.method,
    pathOf(spec, callId),
    spec.body ? (body ?? {}) : undefined,
    bearer === undefined ? {} : { token: bearer },
  );
}

async function officerWithMdt(world: BridgeWorld) {
  const officer = await world.officer();
  const mdt = await mdtSession(world, officer);
  return { officer, mdt };
}

test('the route table has the MDT routes, each for an MDT session only, documented in the OpenAPI document', async (t) => {
  t.deepEqual(MDT_ROUTES.map((spec) => spec.operationId).sort(), [
    'mdtAddNote',
    'mdtAssignment',
    'mdtAttach',
    'mdtBolos',
    'mdtCalls',
    'mdtDetach',
    'mdtIssueBolo',
    'mdtLookupPerson',
    'mdtLookupVehicle',
    'mdtMe',
    'mdtSignOut',
    'mdtWarrantCheck',
  ]);
  const document = (await (await fetch(`${t.context.app.service.url}/api/v1/openapi.json`)).json()) as any;
  for (const spec of MDT_ROUTES) {
    const operation = document.paths[spec.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[spec.method.toLowerCase()];
    t.truthy(operation, spec.operationId);
    t.deepEqual(operation.security, [{ mdtSession: [] }], spec.operationId);
    t.truthy(operation.responses['401'], spec.operationId);
  }
  t.truthy(document.components.securitySchemes.mdtSession);
});

test('who I am, my assignment and the open calls: a full session sees its unit, then the call a dispatcher sends it to', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const { officer, mdt } = await officerWithMdt(world);
  const me = expect(await mdt.get('/me'), 200);
  t.like(me, {
    characterPublicId: officer.characterPublicId,
    characterName: officer.displayName,
    departmentId: world.departmentId,
    tier: 'full',
  });
  t.like(me.unit, { unitId: officer.unitId, status: 'AVAILABLE' });
  t.deepEqual(expect(await mdt.get('/assignment'), 200), { assignment: null });

  const call = await world.openCall();
  const calls = expect(await mdt.get('/calls'), 200).calls as Array<Record<string, unknown>>;
  t.like(
    calls.find((c) => c.callId === call.callId),
    { callNumber: call.callNumber, status: 'PENDING' },
  );
  expect(await world.admin('POST', `/calls/${call.callId}/assignments`, { unitId: officer.unitId }), 201);
  const other = await world.officer();
  expect(await world.admin('POST', `/calls/${call.callId}/assignments`, { unitId: other.unitId }), 201);
  const { assignment } = expect(await mdt.get('/assignment'), 200);
  t.like(assignment, {
    callId: call.callId,
    callNumber: call.callNumber,
    priority: call.priority,
    description: 'dispatcher call',
    pinX: 1000,
    pinY: 2000,
  });
  t.deepEqual(assignment.units.map((u: { unitId: string }) => u.unitId).sort(), [officer.unitId, other.unitId].sort());
  t.like(expect(await mdt.get('/me'), 200).unit, { status: 'EN_ROUTE' });
});

test('add note, attach and detach go through the bridge’s use cases: the same audit entries, for the character', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const { officer, mdt } = await officerWithMdt(world);
  const call = await world.openCall();

  const attached = await world.audited(() => mdt.post(`/calls/${call.callId}/attach`));
  t.like(expect(attached.result, 200), { unitId: officer.unitId, callStatus: 'ACTIVE', unitStatus: 'EN_ROUTE' });
  auditedOnce(t, attached.entries, {
    action: 'call.self_assigned',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: officer.characterId,
  });

  const noted = await world.audited(() => mdt.post(`/calls/${call.callId}/notes`, { text: 'suspect fled north' }));
  const { eventId } = expect(noted.result, 201);
  auditedOnce(t, noted.entries, {
    action: 'call.note_added',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: officer.characterId,
  });
  const read = await world.readCall(call.callId);
  t.like(
    read.notes.find((n: { eventId: string }) => n.eventId === eventId),
    { text: 'suspect fled north', author: { kind: 'unit', id: officer.unitId } },
  );
  const seen = expect(await mdt.get('/assignment'), 200).assignment.notes.at(-1);
  t.is(seen.text, 'suspect fled north');
  // The officer sees who wrote it, never the id of a unit, a credential or an operator key.
  t.deepEqual(Object.keys(seen.author).sort(), ['kind', 'label']);
  t.is(seen.author.kind, 'unit');

  const detached = await world.audited(() => mdt.post(`/calls/${call.callId}/detach`));
  t.like(expect(detached.result, 200), { unitId: officer.unitId, unitStatus: 'AVAILABLE' });
  auditedOnce(t, detached.entries, {
    action: 'call.self_unassigned',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: officer.characterId,
  });
  t.is(expect(await mdt.post(`/calls/${call.callId}/detach`), 409).error, 'CONFLICT');
  t.is(expect(await mdt.post(`/calls/${crypto.randomUUID()}/attach`), 404).error, 'NOT_FOUND');
  const elsewhere = await world.openCall(await world.department());
  t.is(expect(await mdt.post(`/calls/${elsewhere.callId}/attach`), 409).message, 'That call belongs to another department.');
});

test('lookups answer as the bridge’s: a plate with its owner, a person, a warrant check, the department’s BOLOs', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const { mdt } = await officerWithMdt(world);
  const owner = await world.civilian('Franklin', unique('Clinton'), '1988-03-03');
  const plate = unique('M').slice(0, 8).toUpperCase();
  await world.vehicle({ plate, make: 'Bravado', ownerCivilianId: owner.civilianId });
  await world.warrant(owner.civilianId);
  t.like(expect(await mdt.post('/lookup/vehicle', { plate: plate.toLowerCase() }), 200), {
    found: true,
    vehicle: { plate, make: 'Bravado' },
  });
  t.deepEqual(expect(await mdt.post('/lookup/vehicle', { plate: 'NOPE000' }), 200), { found: false, reason: 'no_match' });
  const person = expect(await mdt.post('/lookup/person', { firstName: 'Franklin', lastName: owner.lastName }), 200);
  t.is(person.matches[0].civilianId, owner.civilianId);
  const warrant = expect(
    await mdt.post('/warrant-check', { firstName: 'Franklin', lastName: owner.lastName, dateOfBirth: '1988-03-03' }),
    200,
  );
  t.deepEqual(warrant, { checked: true, civilianId: owner.civilianId, hasActiveWarrant: true });
  const issued = expect(
    await mdt.post('/bolos', {
      subject: { plate },
      severity: 'HIGH',
      scope: 'DEPARTMENT',
      subjectDescription: 'black Bravado',
      reason: 'robbery',
      narrative: '',
    }),
    201,
  );
  const bolos = expect(await mdt.get('/bolos'), 200).bolos as Array<{ boloId: string }>;
  t.true(bolos.some((b) => b.boloId === issued.boloId));
});

test('every MDT route refuses an access token, an operator key, an expired session, another organisation’s session and none at all: the same 401', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const { mdt } = await officerWithMdt(world);
  const call = await world.openCall();
  const apiToken = await world.apiToken();
  // Another organisation's officer, with an MDT of their own: their session reaches their records only.
  const otherWorld = await bridgeWorld(t.context.app);
  const { mdt: foreign } = await officerWithMdt(otherWorld);
  t.is(expect(await foreign.get('/calls'), 200).calls.length, 0, 'their department has no calls');
  // A session issued a shift and a second ago, on the service's clock.
  t.context.clock.set(new Date(Date.now() - (8 * 3600 + 1) * 1000));
  const stale = await mdtSession(world, await world.officer());
  t.context.clock.set(new Date());
  const bearers = {
    game: world.desk.token,
    api: apiToken,
    operator: t.context.app.bootstrapKey,
    expired: stale.sessionToken,
    forged: `${mdt.sessionToken}x`,
    none: undefined,
  };
  for (const spec of MDT_ROUTES) {
    for (const [name, bearer] of Object.entries(bearers)) {
      const reply = await sendTo(t, spec, bearer, call.callId, {
        text: 'x',
        plate: 'X1',
        firstName: 'A',
        lastName: 'B',
        dateOfBirth: '2000-01-01',
      });
      t.is(reply.status, 401, `${spec.operationId} with ${name}`);
      t.deepEqual(reply.body, { error: 'UNAUTHORIZED', message: 'Authentication failed.' }, `${spec.operationId} with ${name}`);
    }
    // A session of another organisation passes the guard, and finds nothing of this one.
    if (spec.operationId === 'mdtAttach' || spec.operationId === 'mdtAddNote') {
      t.is(
        (await sendTo(t, spec, foreign.sessionToken, call.callId, { text: 'x' })).status,
        404,
        `${spec.operationId} across organisations`,
      );
    }
  }
  t.is((await world.readCall(call.callId)).notes.length, 0, 'nothing reached the call');
});

test('an MDT session is refused everywhere else: every bridge, API and operator route answers 401', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const { mdt } = await officerWithMdt(world);
  const others = ROUTES.filter((spec) => spec.guard.kind !== 'mdt' && spec.guard.kind !== 'public');
  t.true(others.length > 50);
  const fill = (path: string) => path.replace(/:([A-Za-z]+)/g, () => crypto.randomUUID());
  for (const spec of others) {
    const reply = await t.context.app.http.send(spec.method, fill(spec.path), spec.body ? {} : undefined, { token: mdt.sessionToken });
    t.is(reply.status, 401, `${spec.method} ${spec.path}`);
  }
});

test.serial('a basic session (off-duty linked player) reads but every write is a 403 that says why, and writes nothing', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const player = await world.offDutyOfficer();
  const mdt = await mdtSession(world, player, { onDuty: false });
  const call = await world.openCall();
  t.like(expect(await mdt.get('/me'), 200), { tier: 'basic', unit: { unitId: player.unitId, status: 'OFF_DUTY' } });
  t.true(expect(await mdt.get('/calls'), 200).calls.some((c: { callId: string }) => c.callId === call.callId));
  const world2 = await routeWorld(t.context.app.http, t.context.app.bootstrapKey);
  for (const spec of WRITES) {
    const body = await validBody(spec.operationId, world2);
    const before = await t.context.store.snapshot();
    const reply = await sendTo(t, spec, mdt.sessionToken, call.callId, body);
    t.is(reply.status, 403, spec.operationId);
    t.is(reply.body.error, 'FORBIDDEN');
    t.regex(reply.body.message, /read-only/, spec.operationId);
    t.deepEqual(await t.context.store.snapshot(), before, `${spec.operationId} wrote nothing`);
  }
  t.is(expect(await mdt.post('/lookup/vehicle', { plate: 'ANY1' }), 403).error, 'FORBIDDEN', 'lookups are for officers on duty');
});

test.serial(
  'a full session whose officer went off duty, or whose unit was deactivated, is read-only from the next request on',
  async (t) => {
    const world = await bridgeWorld(t.context.app);
    const { officer, mdt } = await officerWithMdt(world);
    const call = await world.openCall();
    await world.goOnDuty(officer, world.desk, false);
    t.is(expect(await mdt.get('/me'), 200).tier, 'basic');
    const before = await t.context.store.snapshot();
    const refused = expect(await mdt.post(`/calls/${call.callId}/attach`), 403);
    t.is(refused.message, 'This MDT session is read-only now: your unit is no longer on duty in this department.');
    t.deepEqual(await t.context.store.snapshot(), before, 'nothing written');
    // Back on duty, the same session may write again: the hand-off's tier was full.
    await world.goOnDuty(officer);
    t.is(expect(await mdt.get('/me'), 200).tier, 'full');
    await world.deactivateUnit(officer.unitId!);
    t.is(expect(await mdt.get('/me'), 200).tier, 'basic');
    t.is((await mdt.post(`/calls/${call.callId}/notes`, { text: 'x' })).status, 403);
  },
);

test('a session ends when the credential that handed it off is revoked', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const { mdt } = await officerWithMdt(world);
  expect(await mdt.get('/me'), 200);
  expect(await world.admin('POST', `/credentials/${world.desk.credential.clientId}/revoke`), 200);
  t.is((await mdt.get('/me')).status, 401);
});

test('the department’s open calls are its members’ alone: a linked player who is no member sees none', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const call = await world.openCall();
  const { mdt } = await officerWithMdt(world);
  const listed = expect(await mdt.get('/calls'), 200) as Array<{ callId: string }> | { calls: Array<{ callId: string }> };
  const ids = (Array.isArray(listed) ? listed : listed.calls).map((c) => c.callId);
  t.true(ids.includes(call.callId), 'a member sees the call');
  // A player linked to a character of the organisation with no membership in this department.
  const outsider = await world.linkedPlayer();
  const theirs = await mdtSession(world, outsider);
  const seen = expect(await theirs.get('/calls'), 200) as Array<unknown> | { calls: Array<unknown> };
  t.deepEqual(Array.isArray(seen) ? seen : seen.calls, [], 'nothing of the department');
  t.is(expect(await theirs.get('/me'), 200).tier, 'basic');
});

test('a rotated secret ends the sessions opened through the old one', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const { mdt } = await officerWithMdt(world);
  const other = await bridgeWorld(t.context.app);
  const untouched = await officerWithMdt(other);
  expect(await mdt.get('/me'), 200);
  expect(await world.admin('POST', `/credentials/${world.desk.credential.clientId}/rotate`), 200);
  t.is((await mdt.get('/me')).status, 401, 'a leaked secret leaves no session behind');
  expect(await untouched.mdt.get('/me'), 200);
});

test.serial('a BOLO needs the hand-off credential’s game.bolo.trigger scope, as on the bridge', async (t) => {
  const world = await bridgeWorld(t.context.app, { scopes: [] });
  const officer = await world.officer();
  const mdt: MdtClient = await mdtSession(world, officer);
  const before = await t.context.store.snapshot();
  const body = { subject: { plate: 'ABC123' }, severity: 'HIGH', scope: 'DEPARTMENT', subjectDescription: 'x', reason: 'y', narrative: '' };
  t.regex(expect(await mdt.post('/bolos', body), 403).message, /game\.bolo\.trigger/);
  t.deepEqual(await t.context.store.snapshot(), before);
});

test.serial('a 403 answered with an Idempotency-Key is not kept: once the officer may, the same key runs and succeeds', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const { officer, mdt } = await officerWithMdt(world);
  await world.goOnDuty(officer, world.desk, false);
  const headers = { 'idempotency-key': `lookup-${unique('k')}` };
  const lookup = () => t.context.app.http.post(`${MDT}/lookup/vehicle`, { plate: 'ANY1' }, { token: mdt.sessionToken, headers });
  const refused = await lookup();
  t.is(refused.status, 403);
  t.is(refused.headers.get('idempotent-replayed'), null);
  await world.goOnDuty(officer);
  const allowed = await lookup();
  t.is(allowed.status, 200, JSON.stringify(allowed.body));
  t.is(allowed.headers.get('idempotent-replayed'), null, 'the request ran again rather than replaying the 403');
});

test.serial('a lookup keeps no key: the same key runs it again each time, and once the officer is off duty it is refused', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const { officer, mdt } = await officerWithMdt(world);
  const headers = { 'idempotency-key': `lookup-${unique('k')}` };
  const lookup = () => t.context.app.http.post(`${MDT}/lookup/vehicle`, { plate: 'ANY1' }, { token: mdt.sessionToken, headers });
  t.is((await lookup()).status, 200);
  t.is((await lookup()).headers.get('idempotent-replayed'), null, 'a read runs again, never replayed (decision 0105)');
  await world.goOnDuty(officer, world.desk, false);
  const refused = await lookup();
  t.is(refused.status, 403, 'the rights changed: the request ran again and was refused');
  t.is(refused.headers.get('idempotent-replayed'), null);
});

test.serial('a BOLO refused for want of game.bolo.trigger with a key is judged again, never replayed', async (t) => {
  const world = await bridgeWorld(t.context.app, { scopes: [] });
  const mdt = await mdtSession(world, await world.officer());
  const body = { subject: { plate: 'ABC123' }, severity: 'HIGH', scope: 'DEPARTMENT', subjectDescription: 'x', reason: 'y', narrative: '' };
  const headers = { 'idempotency-key': `bolo-${unique('k')}` };
  for (let attempt = 0; attempt < 2; attempt++) {
    const reply = await t.context.app.http.post(`${MDT}/bolos`, body, { token: mdt.sessionToken, headers });
    t.is(reply.status, 403);
    t.is(reply.headers.get('idempotent-replayed'), null, `attempt ${attempt + 1}`);
  }
});

test('the MDT page is served at /mdt/ with the admin page’s security headers and nothing from elsewhere', async (t) => {
  const base = t.context.app.service.url;
  const [mdt, admin] = [await fetch(`${base}/mdt/`), await fetch(`${base}/admin/`)];
  t.is(mdt.status, 200);
  t.regex(mdt.headers.get('content-type') ?? '', /^text\/html/);
  for (const header of ['content-security-policy', 'cache-control', 'referrer-policy', 'x-content-type-options', 'x-frame-options'])
    t.is(mdt.headers.get(header), admin.headers.get(header), header);
  const html = await mdt.text();
  t.false(/https?:\/\//.test(html.replace(/<!doctype html>/i, '')), 'no address of another site');
  for (const file of ['app.js', 'api.js', 'screens.js', 'mdt.css']) t.is((await fetch(`${base}/mdt/${file}`)).status, 200, file);
});

test('the MDT’s budgets count per officer: one officer past the write budget gets 429, another officer of the same server does not', async (t) => {
  // A fifth of the budgets: six writes a minute per officer.
  const app = await startTestService({ rateLimitScale: 0.2 });
  t.teardown(() => app.close());
  const world = await bridgeWorld(app);
  const [first, second] = [await officerWithMdt(world), await officerWithMdt(world)];
  const call = await world.openCall();
  const note = (mdt: MdtClient) => mdt.post(`/calls/${call.callId}/notes`, { text: 'status update' });
  for (let i = 0; i < 6; i++) expect(await note(first.mdt), 201);
  const limited = await note(first.mdt);
  t.is(limited.status, 429);
  t.is(limited.body.error, 'RATE_LIMITED');
  t.truthy(limited.headers.get('retry-after'));
  expect(await note(second.mdt), 201);
  t.is((await world.readCall(call.callId)).notes.length, 7, 'the refused note was not written');
});
