import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import { ROUTES } from '../../adapters/http/routes/index.ts';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import { type AuditEntry, type BridgeWorld, UUID, bridgeWorld, unique } from '../support/bridge-driver.ts';
import type { HttpReply } from '../support/http-client.ts';
import { type ApiClient, apiClientOf, expect, organisationOf } from '../support/operator-driver.ts';
import { routeWorld, validBody } from '../support/route-world.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * The API-credential routes of section 4.4 through real HTTP: each route's success and shape, its
 * filters and limits, the camera-hit rules, the BOLO summary, unit and call status changes, and the
 * audit trail of every write. Each test has its own organisation, so lists and the audit log hold
 * that test's rows only.
 */
interface Context {
  app: TestService;
  /** A service on a clock that moves only when told to (BOLO expiry). */
  timed: TestService;
  clock: ManualClock;
}
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const clock = new ManualClock(new Date());
  t.context = {
    app: await startTestService({ rateLimitScale: 1000 }),
    timed: await startTestService({ rateLimitScale: 1000, clock }),
    clock,
  };
});
test.after.always(async (t) => {
  await t.context.app?.close();
  await t.context.timed?.close();
});

const NOWHERE = '0190a5b6-0000-7000-8000-00000000dead';
const UNAUTHORIZED = { error: 'UNAUTHORIZED', message: 'Authentication failed.' };
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const UNIT_KEYS = [
  'assignment',
  'callsign',
  'departmentId',
  'isActive',
  'membershipId',
  'organisationId',
  'status',
  'statusChangedAt',
  'unitId',
  'unitLabel',
];
const CALL_KEYS = [
  'callId',
  'callNumber',
  'closedAt',
  'createdAt',
  'departmentId',
  'description',
  'mapX',
  'mapY',
  'notes',
  'organisationId',
  'origin',
  'priority',
  'status',
];
const SUMMARY_KEYS = [
  'boloId',
  'boloNumber',
  'createdAt',
  'expiresAt',
  'issuingDepartmentId',
  'reason',
  'scope',
  'severity',
  'status',
  'subjectCivilianId',
  'subjectDescription',
  'subjectVehicleId',
  'updatedAt',
];
const HIT_KEYS = ['boloId', 'cameraId', 'cameraLabel', 'hitId', 'mapX', 'mapY', 'plate', 'reportedAt', 'seenAt'];
const VEHICLE_KEYS = ['color', 'make', 'model', 'organisationId', 'ownerCivilianId', 'plate', 'registrationStatus', 'vehicleId'];
const WARRANT_KEYS = ['civilianId', 'createdAt', 'description', 'organisationId', 'status', 'warrantId'];
const UNIT_STATUSES = ['AVAILABLE', 'EN_ROUTE', 'ON_SCENE', 'BUSY', 'OUT_OF_SERVICE', 'OFF_DUTY'] as const;
const BOLO_STATUSES = ['ISSUED', 'ACKNOWLEDGED', 'HIT_REPORTED', 'RESOLVED', 'ARCHIVED', 'EXPIRED'] as const;

/** Section 4.4 with this brief's scope for the vehicle read: method, path, scope. */
const API_TABLE = [
  ['GET', '/api/v1/units', 'cad.unit.view'],
  ['GET', '/api/v1/units/:unitId', 'cad.unit.view'],
  ['PATCH', '/api/v1/units/:unitId/status', 'cad.unit.assign'],
  ['GET', '/api/v1/cad/calls', 'cad.call.view'],
  ['GET', '/api/v1/cad/calls/:callId', 'cad.call.view'],
  ['PATCH', '/api/v1/cad/calls/:callId/status', 'cad.call.update'],
  ['GET', '/api/v1/records/bolos', 'records.bolo.view'],
  ['GET', '/api/v1/records/bolos/:boloId', 'records.bolo.view'],
  ['POST', '/api/v1/records/bolos', 'records.bolo.create'],
  ['PATCH', '/api/v1/records/bolos/:boloId/status', 'records.bolo.manage'],
  ['POST', '/api/v1/records/bolos/:boloId/hits', 'records.bolo.manage'],
  ['GET', '/api/v1/records/bolos/:boloId/hits', 'records.bolo.view'],
  ['GET', '/api/v1/records/vehicles', 'records.vehicle.view'],
  ['GET', '/api/v1/records/vehicles/:vehicleId', 'records.vehicle.view'],
  ['GET', '/api/v1/records/civilians', 'records.civilian.view'],
  ['GET', '/api/v1/records/warrants', 'records.warrant.view'],
] as const;

const API_ROUTES = ROUTES.filter((spec) => spec.guard.kind === 'credential' && spec.guard.credential === 'generic_api_key');

/** An organisation (with a department and a game desk) and an API credential holding `scopes`. */
async function scene(app: TestService, scopes: string[] | 'all' = 'all') {
  const world = await bridgeWorld(app);
  const org = organisationOf(app.http, app.bootstrapKey, world.organisationId);
  const api = await apiClientOf(app.http, await org.apiCredential(scopes, unique('cameras-')));
  return { world, org, api };
}

/** Runs `make` for 0..count-1, a batch at a time. */
async function inBatches<T>(count: number, make: (i: number) => Promise<T>, size = 25): Promise<T[]> {
  const made: T[] = [];
  for (let from = 0; from < count; from += size) {
    made.push(...(await Promise.all(Array.from({ length: Math.min(size, count - from) }, (_, i) => make(from + i)))));
  }
  return made;
}

const keysOf = (value: object) => Object.keys(value).sort();
const fieldsOf = (reply: HttpReply) => ((reply.body?.details ?? []) as Array<{ field: string }>).map((d) => d.field);

function validationFailed(t: ExecutionContext, reply: HttpReply, field: string, note = '') {
  t.is(reply.status, 400, `${note} ${JSON.stringify(reply.body)}`);
  t.is(reply.body?.error, 'VALIDATION_FAILED', note);
  t.true(fieldsOf(reply).includes(field), `${note}: details name ${field}: ${JSON.stringify(reply.body?.details)}`);
}

/** Exactly one new audit entry, whose actor is the API credential itself. */
function attributedOnce(t: ExecutionContext, entries: AuditEntry[], api: ApiClient, organisationId: string, note = '') {
  t.is(entries.length, 1, `${note}: exactly one new audit entry, got ${JSON.stringify(entries.map((e) => e.action))}`);
  const entry = entries[0];
  if (entry === undefined) return;
  t.deepEqual(entry.actor, { kind: 'credential', id: api.credential.clientId, label: api.credential.label }, note);
  t.is(entry.organisationId, organisationId, note);
  t.is(entry.playerCharacterId, null, `${note}: an API credential acts for no player`);
}

/** Default, maximum, one over the maximum and zero, on a list holding more rows than the maximum. */
async function limitsHold(
  t: ExecutionContext,
  list: (query: string) => Promise<HttpReply>,
  limits: { default: number; max: number },
  itemsOf: (body: any) => unknown[] = (body) => body,
) {
  const plain = await list('');
  t.is(plain.status, 200);
  t.is(itemsOf(plain.body).length, limits.default, 'default limit');
  const most = await list(`limit=${limits.max}`);
  t.is(most.status, 200);
  t.is(itemsOf(most.body).length, limits.max, 'maximum limit');
  const one = await list('limit=1');
  t.is(itemsOf(one.body).length, 1, 'limit=1');
  validationFailed(t, await list(`limit=${limits.max + 1}`), 'limit', 'over the maximum');
  validationFailed(t, await list('limit=0'), 'limit', 'below 1');
  validationFailed(t, await list('limit=-5'), 'limit', 'negative');
}

const query = (path: string, q: string) => (q === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${q}`);

/** A BOLO body for `createBolo`. */
function boloBody(
  world: BridgeWorld,
  subject: { subjectCivilianId?: string; subjectVehicleId?: string },
  extra: Record<string, unknown> = {},
) {
  return {
    ...subject,
    issuingDepartmentId: world.departmentId,
    severity: 'ARMED_DANGEROUS',
    scope: 'COMMUNITY',
    subjectDescription: 'black Bravado Buffalo, tinted windows',
    reason: 'used in the Vinewood bank robbery',
    ...extra,
  };
}

async function createBolo(api: ApiClient, body: Record<string, unknown>) {
  return expect(await api.post('/records/bolos', body), 201) as Record<string, any>;
}

/** A vehicle registered by the operator and a BOLO about it. */
async function wantedVehicle(world: BridgeWorld, api: ApiClient, plate = unique('W').slice(0, 12).toUpperCase()) {
  const vehicle = await world.vehicle({ plate, make: 'Bravado', model: 'Buffalo', color: 'black' });
  const bolo = await createBolo(api, boloBody(world, { subjectVehicleId: vehicle['vehicleId'] }));
  return { vehicle, bolo, plate };
}

const sighting = (plate: string, extra: Record<string, unknown> = {}) => ({
  plate,
  cameraId: 'cam-alta-3',
  cameraLabel: 'Alta St & Vinewood',
  mapX: 415.25,
  mapY: -120.5,
  seenAt: new Date(Date.now() - 5_000).toISOString(),
  ...extra,
});

/** A dispatcher sends the unit to the call. */
async function assign(world: BridgeWorld, callId: string, unitId: string) {
  return expect(await world.admin('POST', `/calls/${callId}/assignments`, { unitId }), 201);
}

// ---------------------------------------------------------------------------------------------
// The table and the guard

test('the route table holds exactly the API routes of section 4.4, each with its one scope', (t) => {
  t.deepEqual(
    API_ROUTES.map((s) => [s.method, s.path, s.guard.kind === 'credential' ? s.guard.scope : undefined]).sort(),
    API_TABLE.map((row) => [...row]).sort(),
  );
});

test('every API route: no token, a malformed token or a Basic header is the generic 401; a game token is 403; nothing written', async (t) => {
  const { app } = t.context;
  const world = await routeWorld(app.http, app.bootstrapKey);
  for (const spec of API_ROUTES) {
    const body = await validBody(spec.operationId, world);
    const beforeRoute = await world.org.audit();
    for (const token of [undefined, 'garbage', `${world.tokens.api.slice(0, -3)}abc`]) {
      const reply = await app.http.send(spec.method, world.pathOf(spec), body, { token });
      t.deepEqual([reply.status, reply.body], [401, UNAUTHORIZED], `${spec.operationId} ${String(token).slice(0, 8)}`);
    }
    const basic = await app.http.send(spec.method, world.pathOf(spec), body, { headers: { authorization: 'Basic Zm9vOmJhcg==' } });
    t.is(basic.status, 401, spec.operationId);
    const game = await app.http.send(spec.method, world.pathOf(spec), body, { token: world.tokens.game });
    t.deepEqual([game.status, game.body?.error], [403, 'FORBIDDEN'], spec.operationId);
    t.deepEqual(await world.org.audit(), beforeRoute, `${spec.operationId} wrote nothing`);
  }
});

// ---------------------------------------------------------------------------------------------
// Units

test('listUnits: a plain array of the units of every department, as a dispatcher sees them', async (t) => {
  const { world, api } = await scene(t.context.app);
  const otherDepartment = await world.department();
  const officer = await world.officer();
  const reserve = await world.member((await world.character('Res', 'Erve')).characterId, otherDepartment, '2-BRAVO-7');
  const reply = await api.get('/units');
  t.is(reply.status, 200);
  t.true(Array.isArray(reply.body));
  t.deepEqual(reply.body.map((u: any) => u.unitId).sort(), [officer.unitId, reserve.unitId].sort());
  for (const unit of reply.body) t.deepEqual(keysOf(unit), UNIT_KEYS);
  const byId = new Map<string, any>(reply.body.map((u: any) => [u.unitId, u]));
  t.like(byId.get(officer.unitId!), {
    organisationId: world.organisationId,
    departmentId: world.departmentId,
    status: 'AVAILABLE',
    isActive: true,
    assignment: null,
  });
  t.like(byId.get(reserve.unitId), {
    organisationId: world.organisationId,
    departmentId: otherDepartment,
    membershipId: reserve.membershipId,
    callsign: '2-BRAVO-7',
    unitLabel: reserve.unitLabel,
    status: 'OFF_DUTY',
    isActive: true,
    assignment: null,
  });
  t.regex(byId.get(reserve.unitId).statusChangedAt, ISO);
});

test('listUnits: departmentId and isActive filter', async (t) => {
  const { world, api } = await scene(t.context.app);
  const otherDepartment = await world.department();
  const a = await world.member((await world.character()).characterId);
  const b = await world.member((await world.character()).characterId);
  const c = await world.member((await world.character()).characterId, otherDepartment);
  await world.deactivateUnit(b.unitId);
  const ids = async (q: string) => ((expect(await api.get(query('/units', q)), 200) as any[]).map((u) => u.unitId) as string[]).sort();
  t.deepEqual(await ids(''), [a.unitId, b.unitId, c.unitId].sort());
  t.deepEqual(await ids(`departmentId=${world.departmentId}`), [a.unitId, b.unitId].sort());
  t.deepEqual(await ids(`departmentId=${otherDepartment}`), [c.unitId]);
  t.deepEqual(await ids('isActive=false'), [b.unitId]);
  t.deepEqual(await ids('isActive=true'), [a.unitId, c.unitId].sort());
  t.deepEqual(await ids(`isActive=true&departmentId=${world.departmentId}`), [a.unitId]);
  t.deepEqual(await ids(`departmentId=${NOWHERE}`), []);
  validationFailed(t, await api.get('/units?isActive=maybe'), 'isActive');
});

test('listUnits: limit defaults to 500, takes 1..500, and 501 or 0 is a 400', async (t) => {
  const { world, api } = await scene(t.context.app);
  await inBatches(501, async () => world.member((await world.character()).characterId));
  await limitsHold(t, (q) => api.get(query('/units', q)), { default: 500, max: 500 });
});

test('readUnit: the unit view; an unknown id is 404 NOT_FOUND', async (t) => {
  const { world, api } = await scene(t.context.app);
  const officer = await world.officer();
  const reply = await api.get(`/units/${officer.unitId}`);
  t.is(reply.status, 200);
  t.deepEqual(keysOf(reply.body), UNIT_KEYS);
  t.deepEqual(
    reply.body,
    (expect(await api.get('/units'), 200) as any[]).find((u) => u.unitId === officer.unitId),
  );
  const missing = await api.get(`/units/${NOWHERE}`);
  t.deepEqual([missing.status, missing.body.error], [404, 'NOT_FOUND']);
});

test('setUnitStatus: any status follows any status, each answered with the unit view and attributed to the credential', async (t) => {
  const { world, api } = await scene(t.context.app);
  const officer = await world.officer();
  let last = (expect(await api.get(`/units/${officer.unitId}`), 200) as any).statusChangedAt as string;
  for (const status of [...UNIT_STATUSES.slice(1), 'AVAILABLE', 'OFF_DUTY', 'BUSY', 'OUT_OF_SERVICE', 'ON_SCENE']) {
    const { result: reply, entries } = await world.audited(() =>
      api.patch(`/units/${officer.unitId}/status`, { status, reason: `now ${status}` }),
    );
    t.is(reply.status, 200, `${status} ${JSON.stringify(reply.body)}`);
    t.deepEqual(keysOf(reply.body), UNIT_KEYS);
    t.like(reply.body, { unitId: officer.unitId, status });
    t.true(reply.body.statusChangedAt >= last, 'statusChangedAt moves on');
    last = reply.body.statusChangedAt;
    t.is((expect(await api.get(`/units/${officer.unitId}`), 200) as any).status, status);
    attributedOnce(t, entries, api, world.organisationId, status);
  }
});

test('setUnitStatus: an unknown status, a reason over 500 characters or no status is a 400, and nothing changes', async (t) => {
  const { world, api } = await scene(t.context.app);
  const officer = await world.officer();
  const { entries } = await world.audited(async () => {
    validationFailed(t, await api.patch(`/units/${officer.unitId}/status`, { status: 'PARKED' }), 'status');
    validationFailed(t, await api.patch(`/units/${officer.unitId}/status`, { status: 'BUSY', reason: 'x'.repeat(501) }), 'reason');
    validationFailed(t, await api.patch(`/units/${officer.unitId}/status`, { reason: 'why not' }), 'status');
  });
  t.deepEqual(entries, []);
  t.is((expect(await api.get(`/units/${officer.unitId}`), 200) as any).status, 'AVAILABLE');
  const longest = await api.patch(`/units/${officer.unitId}/status`, { status: 'BUSY', reason: 'x'.repeat(500) });
  t.is(longest.status, 200, 'a reason of 500 characters is fine');
  const missing = await api.patch(`/units/${NOWHERE}/status`, { status: 'BUSY' });
  t.deepEqual([missing.status, missing.body.error], [404, 'NOT_FOUND']);
});

// Only going off duty takes a unit off its call (decision 0002); the other statuses keep it.
const ENDS_ASSIGNMENT: Record<(typeof UNIT_STATUSES)[number], boolean> = {
  AVAILABLE: false,
  OUT_OF_SERVICE: false,
  OFF_DUTY: true,
  EN_ROUTE: false,
  ON_SCENE: false,
  BUSY: false,
};

for (const status of UNIT_STATUSES) {
  const ends = ENDS_ASSIGNMENT[status];
  test(`setUnitStatus ${status} on an assigned unit ${ends ? 'ends the assignment' : 'keeps the assignment'}`, async (t) => {
    const { world, api } = await scene(t.context.app);
    const officer = await world.officer();
    const call = await world.openCall();
    await assign(world, call['callId'], officer.unitId!);
    t.is((expect(await api.get(`/units/${officer.unitId}`), 200) as any).assignment?.callId, call['callId']);
    const reply = await api.patch(`/units/${officer.unitId}/status`, { status });
    t.is(reply.status, 200, JSON.stringify(reply.body));
    t.is(reply.body.status, status);
    const unit = expect(await api.get(`/units/${officer.unitId}`), 200) as any;
    const onCall = (expect(await api.get(`/cad/calls/${call['callId']}`), 200) as any).units.map((u: any) => u.unitId);
    if (ends) {
      t.is(reply.body.assignment, null, 'the answer shows no assignment');
      t.is(unit.assignment, null, 'the unit has no assignment');
      t.deepEqual(onCall, [], 'the call lists no unit');
    } else {
      t.like(reply.body.assignment, { callId: call['callId'], callNumber: call['callNumber'] });
      t.is(unit.assignment?.callId, call['callId']);
      t.deepEqual(onCall, [officer.unitId]);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Calls

test('listCalls: a plain array of call views, newest first, filtered by department and status', async (t) => {
  const { world, api } = await scene(t.context.app);
  const otherDepartment = await world.department();
  const officer = await world.officer();
  const first = await world.openCall();
  const elsewhere = await world.openCall(otherDepartment, null);
  const emergency = expect(
    await world.desk.post('/911', { identifiers: officer.identifiers, mapX: 5, mapY: 6, description: 'shots fired' }),
    200,
  );
  const closed = await world.openCall();
  await world.closeCall(closed['callId']);
  const active = await world.openCall();
  expect(await api.patch(`/cad/calls/${active['callId']}/status`, { status: 'ACTIVE' }), 200);
  const newestFirst = [active['callId'], closed['callId'], emergency.callId, elsewhere['callId'], first['callId']];

  const all = expect(await api.get('/cad/calls'), 200) as any[];
  t.deepEqual(
    all.map((c) => c.callId),
    newestFirst,
  );
  for (const call of all) t.deepEqual(keysOf(call), CALL_KEYS);
  const byId = new Map(all.map((c) => [c.callId, c]));
  t.like(byId.get(first['callId']), {
    organisationId: world.organisationId,
    departmentId: world.departmentId,
    status: 'PENDING',
    mapX: 1000,
    mapY: 2000,
    closedAt: null,
  });
  t.like(byId.get(elsewhere['callId']), { departmentId: otherDepartment, mapX: null, mapY: null });
  t.like(byId.get(emergency.callId), { departmentId: world.departmentId, description: 'shots fired', status: 'PENDING' });
  t.like(byId.get(closed['callId']), { status: 'CLOSED' });
  t.regex(byId.get(closed['callId']).closedAt, ISO);
  t.is(byId.get(active['callId']).status, 'ACTIVE');

  const ids = async (q: string) => (expect(await api.get(query('/cad/calls', q)), 200) as any[]).map((c) => c.callId);
  t.deepEqual(await ids(`departmentId=${otherDepartment}`), [elsewhere['callId']]);
  t.deepEqual(
    await ids(`departmentId=${world.departmentId}`),
    newestFirst.filter((id) => id !== elsewhere['callId']),
  );
  t.deepEqual(await ids('status=PENDING'), [emergency.callId, elsewhere['callId'], first['callId']]);
  t.deepEqual(await ids('status=ACTIVE'), [active['callId']]);
  t.deepEqual(await ids('status=CLOSED'), [closed['callId']]);
  t.deepEqual(await ids(`status=PENDING&departmentId=${otherDepartment}`), [elsewhere['callId']]);
  t.deepEqual(await ids(`departmentId=${NOWHERE}`), []);
  validationFailed(t, await api.get('/cad/calls?status=OPEN'), 'status');
});

test('listCalls: limit defaults to 100, takes 1..500 (501 or 0 is a 400); offset pages newest first', async (t) => {
  const { world, api } = await scene(t.context.app);
  const made = await inBatches(501, (i) => world.openCall(world.departmentId, { mapX: i, mapY: i }));
  await limitsHold(t, (q) => api.get(query('/cad/calls', q)), { default: 100, max: 500 });
  const all = (expect(await api.get('/cad/calls?limit=500'), 200) as any[]).map((c) => c.callId);
  t.is(new Set(all).size, 500);
  const first = (expect(await api.get('/cad/calls'), 200) as any[]).map((c) => c.callId);
  t.deepEqual(first, all.slice(0, 100), 'the default page is the 100 newest');
  const second = (expect(await api.get('/cad/calls?offset=100'), 200) as any[]).map((c) => c.callId);
  t.deepEqual(second, all.slice(100, 200));
  const tail = (expect(await api.get('/cad/calls?offset=500&limit=500'), 200) as any[]).map((c) => c.callId);
  t.is(tail.length, 1);
  t.false(all.includes(tail[0]), 'the oldest call comes last');
  t.true(made.some((c) => c['callId'] === tail[0]));
  t.deepEqual(expect(await api.get('/cad/calls?offset=501'), 200), []);
  validationFailed(t, await api.get('/cad/calls?offset=-1'), 'offset');
});

test('readCall (API): the call view with the units assigned; an unknown id is 404', async (t) => {
  const { world, api } = await scene(t.context.app);
  const officer = await world.officer();
  const idle = await world.officer();
  const call = await world.openCall();
  await assign(world, call['callId'], officer.unitId!);
  const reply = await api.get(`/cad/calls/${call['callId']}`);
  t.is(reply.status, 200);
  t.deepEqual(keysOf(reply.body), [...CALL_KEYS, 'units'].sort());
  t.like(reply.body, { callId: call['callId'], callNumber: call['callNumber'], organisationId: world.organisationId });
  t.deepEqual(
    reply.body.units.map((u: any) => u.unitId),
    [officer.unitId],
  );
  t.deepEqual(keysOf(reply.body.units[0]), UNIT_KEYS);
  t.like(reply.body.units[0], { status: 'EN_ROUTE', assignment: { callId: call['callId'] } });
  t.false(reply.body.units.some((u: any) => u.unitId === idle.unitId));
  const missing = await api.get(`/cad/calls/${NOWHERE}`);
  t.deepEqual([missing.status, missing.body.error], [404, 'NOT_FOUND']);
});

test('setCallStatus: PENDING and ACTIVE answer the call view and are attributed to the credential; CLOSED is a 400 that changes nothing', async (t) => {
  const { world, api } = await scene(t.context.app);
  const call = await world.openCall();
  const path = `/cad/calls/${call['callId']}/status`;
  for (const status of ['ACTIVE', 'PENDING', 'ACTIVE']) {
    const { result: reply, entries } = await world.audited(() => api.patch(path, { status }));
    t.is(reply.status, 200, JSON.stringify(reply.body));
    t.deepEqual(keysOf(reply.body), CALL_KEYS);
    t.like(reply.body, { callId: call['callId'], status, closedAt: null });
    t.is((expect(await api.get(`/cad/calls/${call['callId']}`), 200) as any).status, status);
    attributedOnce(t, entries, api, world.organisationId, status);
  }
  const { entries } = await world.audited(async () => {
    validationFailed(t, await api.patch(path, { status: 'CLOSED' }), 'status', 'CLOSED');
    validationFailed(t, await api.patch(path, { status: 'ON_HOLD' }), 'status', 'unknown');
    validationFailed(t, await api.patch(path, {}), 'status', 'missing');
  });
  t.deepEqual(entries, []);
  t.like(expect(await api.get(`/cad/calls/${call['callId']}`), 200), { status: 'ACTIVE', closedAt: null });
  const missing = await api.patch(`/cad/calls/${NOWHERE}/status`, { status: 'ACTIVE' });
  t.deepEqual([missing.status, missing.body.error], [404, 'NOT_FOUND']);
});

// ---------------------------------------------------------------------------------------------
// BOLOs

test('createBolo: 201 with the summary, ISSUED, numbered B-YY-000001 upward; read back the same; attributed to the credential', async (t) => {
  const { world, api } = await scene(t.context.app);
  const civilian = await world.civilian('Trevor', 'Philips', '1967-06-06');
  const { vehicleId } = await world.vehicle({ plate: 'TP 1967', make: 'Canis', ownerCivilianId: civilian.civilianId });
  const expiresAt = new Date(Date.now() + 48 * 3600_000);
  const body = boloBody(
    world,
    { subjectCivilianId: civilian.civilianId, subjectVehicleId: vehicleId },
    { narrative: 'seen at the Sandy Shores airfield', internalNotes: 'informant: Wade', expiresAt: expiresAt.toISOString() },
  );
  const { result: reply, entries } = await world.audited(() => api.post('/records/bolos', body));
  t.is(reply.status, 201, JSON.stringify(reply.body));
  const year = String(new Date().getUTCFullYear()).slice(2);
  t.deepEqual(keysOf(reply.body), SUMMARY_KEYS);
  t.regex(reply.body.boloId, UUID);
  t.deepEqual(reply.body, {
    boloId: reply.body.boloId,
    boloNumber: `B-${year}-000001`,
    status: 'ISSUED',
    severity: 'ARMED_DANGEROUS',
    scope: 'COMMUNITY',
    issuingDepartmentId: world.departmentId,
    subjectCivilianId: civilian.civilianId,
    subjectVehicleId: vehicleId,
    subjectDescription: body.subjectDescription,
    reason: body.reason,
    expiresAt: expiresAt.toISOString(),
    createdAt: reply.body.createdAt,
    updatedAt: reply.body.updatedAt,
  });
  t.regex(reply.body.createdAt, ISO);
  t.regex(reply.body.updatedAt, ISO);
  attributedOnce(t, entries, api, world.organisationId);
  t.deepEqual(expect(await api.get(`/records/bolos/${reply.body.boloId}`), 200), reply.body);
  const second = await createBolo(api, boloBody(world, { subjectCivilianId: civilian.civilianId }));
  t.is(second['boloNumber'], `B-${year}-000002`);
  t.like(second, { subjectVehicleId: null, expiresAt: null, status: 'ISSUED' });
  const third = await createBolo(api, boloBody(world, { subjectVehicleId: vehicleId }));
  t.like(third, { subjectCivilianId: null, subjectVehicleId: vehicleId, boloNumber: `B-${year}-000003` });
});

test('createBolo: without a subject, or with ids of another organisation or of nothing, a 400 naming the field; nothing written', async (t) => {
  const { world, api } = await scene(t.context.app);
  const other = await bridgeWorld(t.context.app);
  const ours = await world.civilian('Lamar', 'Davis', '1988-03-03');
  const ourVehicle = await world.vehicle({ plate: unique('O').slice(0, 12) });
  const theirs = await other.civilian('Lamar', 'Davis', '1988-03-03');
  const theirVehicle = await other.vehicle({ plate: unique('T').slice(0, 12) });
  const attempts: Array<[Record<string, unknown>, string]> = [
    [boloBody(world, { subjectCivilianId: theirs.civilianId }), 'subjectCivilianId'],
    [boloBody(world, { subjectCivilianId: NOWHERE }), 'subjectCivilianId'],
    [boloBody(world, { subjectVehicleId: theirVehicle['vehicleId'] }), 'subjectVehicleId'],
    [boloBody(world, { subjectVehicleId: NOWHERE }), 'subjectVehicleId'],
    [boloBody(world, { subjectCivilianId: ours.civilianId }, { issuingDepartmentId: other.departmentId }), 'issuingDepartmentId'],
    [boloBody(world, { subjectVehicleId: ourVehicle['vehicleId'] }, { issuingDepartmentId: NOWHERE }), 'issuingDepartmentId'],
    [boloBody(world, { subjectCivilianId: ours.civilianId }, { severity: 'EXTREME' }), 'severity'],
    [boloBody(world, { subjectCivilianId: ours.civilianId }, { scope: 'STATE' }), 'scope'],
    [boloBody(world, { subjectCivilianId: ours.civilianId }, { expiresAt: 'tomorrow' }), 'expiresAt'],
  ];
  const { entries } = await world.audited(async () => {
    const subjectless = await api.post('/records/bolos', boloBody(world, {}));
    t.deepEqual([subjectless.status, subjectless.body?.error], [400, 'VALIDATION_FAILED'], 'no subject');
    for (const [body, field] of attempts) validationFailed(t, await api.post('/records/bolos', body), field, JSON.stringify(body));
  });
  t.deepEqual(entries, []);
  for (const status of BOLO_STATUSES) t.deepEqual(expect(await api.get(`/records/bolos?status=${status}`), 200), [], status);
  const theirApi = await apiClientOf(
    t.context.app.http,
    await organisationOf(t.context.app.http, t.context.app.bootstrapKey, other.organisationId).apiCredential('all', 'theirs'),
  );
  t.deepEqual(expect(await theirApi.get('/records/bolos'), 200), [], 'nothing reached the other organisation either');
});

test('the BOLO summary never carries narrative, internal notes, the issuing character, a plate or a nested vehicle, on any route', async (t) => {
  const { world, api } = await scene(t.context.app);
  const officer = await world.officer();
  const plate = unique('S').slice(0, 10).toUpperCase();
  const narrative = `narrative-${unique()}`;
  const internalNotes = `internal-${unique()}`;
  // One issued by an officer through the bridge (a character issuer, a vehicle registered with it) ...
  const bridged = expect(
    await world.desk.post('/bolo', {
      identifiers: officer.identifiers,
      subject: { plate, civilian: { firstName: 'Wade', lastName: 'Hebert', dateOfBirth: '1985-01-01' } },
      severity: 'HIGH',
      scope: 'DEPARTMENT',
      subjectDescription: 'white pickup',
      reason: 'stolen',
      narrative,
    }),
    200,
  );
  // ... and one by the credential, about the same vehicle, with notes.
  const vehicleId = (expect(await api.get(`/records/bolos/${bridged.boloId}`), 200) as any).subjectVehicleId as string;
  t.regex(vehicleId, UUID);
  const created = expect(
    await api.post('/records/bolos', boloBody(world, { subjectVehicleId: vehicleId }, { narrative, internalNotes })),
    201,
  );
  const hit = expect(await api.post(`/records/bolos/${bridged.boloId}/hits`, sighting(plate)), 201);
  const summaries: Array<[string, any]> = [
    ['createBolo', created],
    ['readBolo (bridge)', expect(await api.get(`/records/bolos/${bridged.boloId}`), 200)],
    ['readBolo (api)', expect(await api.get(`/records/bolos/${created.boloId}`), 200)],
    ['reportBoloHit', hit.bolo],
    ['setBoloStatus', expect(await api.patch(`/records/bolos/${created.boloId}/status`, { status: 'ACKNOWLEDGED' }), 200)],
    ...((expect(await api.get('/records/bolos'), 200) as any[]).map((s) => ['listBolos', s]) as Array<[string, any]>),
    ...((expect(await api.get('/records/bolos?status=HIT_REPORTED'), 200) as any[]).map((s) => ['listBolos by status', s]) as Array<
      [string, any]
    >),
  ];
  t.is(summaries.length, 8);
  for (const [where, summary] of summaries) {
    t.deepEqual(keysOf(summary), SUMMARY_KEYS, where);
    const text = JSON.stringify(summary);
    for (const secret of [narrative, internalNotes, plate, officer.characterId, officer.characterPublicId])
      t.false(text.includes(secret), `${where} leaks ${secret}`);
  }
  t.is(hit.hit.boloId, bridged.boloId);
});

test('listBolos: without status the active BOLOs only, newest first; each status filters; issuingDepartmentId filters', async (t) => {
  const { world, api } = await scene(t.context.app);
  const civilian = await world.civilian('Amanda', 'De Santa', '1970-02-02');
  const otherDepartment = await world.department();
  const byStatus: Record<string, string> = {};
  for (const status of BOLO_STATUSES) {
    const bolo = await createBolo(api, boloBody(world, { subjectCivilianId: civilian.civilianId }, { subjectDescription: status }));
    if (status !== 'ISSUED') expect(await api.patch(`/records/bolos/${bolo['boloId']}/status`, { status }), 200);
    byStatus[status] = bolo['boloId'];
  }
  const elsewhere = await createBolo(
    api,
    boloBody(world, { subjectCivilianId: civilian.civilianId }, { issuingDepartmentId: otherDepartment }),
  );
  const ids = async (q: string) => (expect(await api.get(query('/records/bolos', q)), 200) as any[]).map((b) => b.boloId);
  t.deepEqual(await ids(''), [elsewhere['boloId'], byStatus['HIT_REPORTED'], byStatus['ACKNOWLEDGED'], byStatus['ISSUED']]);
  for (const status of BOLO_STATUSES) {
    const listed = expect(await api.get(`/records/bolos?status=${status}`), 200) as any[];
    const expected = status === 'ISSUED' ? [elsewhere['boloId'], byStatus['ISSUED']] : [byStatus[status]];
    t.deepEqual(
      listed.map((b) => b.boloId),
      expected,
      status,
    );
    for (const bolo of listed) t.is(bolo.status, status);
  }
  t.deepEqual(await ids(`issuingDepartmentId=${otherDepartment}`), [elsewhere['boloId']]);
  t.deepEqual(await ids(`issuingDepartmentId=${world.departmentId}`), [
    byStatus['HIT_REPORTED'],
    byStatus['ACKNOWLEDGED'],
    byStatus['ISSUED'],
  ]);
  t.deepEqual(await ids(`issuingDepartmentId=${world.departmentId}&status=RESOLVED`), [byStatus['RESOLVED']]);
  t.deepEqual(await ids(`issuingDepartmentId=${NOWHERE}`), []);
  validationFailed(t, await api.get('/records/bolos?status=ACTIVE'), 'status');
});

test('listBolos: limit defaults to 500, takes 1..500, and 501 or 0 is a 400; newest first', async (t) => {
  const { world, api } = await scene(t.context.app);
  const civilian = await world.civilian('Many', 'Bolos', '1990-01-01');
  const made = await inBatches(501, () => createBolo(api, boloBody(world, { subjectCivilianId: civilian.civilianId })));
  await limitsHold(t, (q) => api.get(query('/records/bolos', q)), { default: 500, max: 500 });
  const newest = expect(await api.get('/records/bolos?limit=1'), 200) as any[];
  const latest = [...made].sort((a, b) => (a['boloNumber'] < b['boloNumber'] ? 1 : -1))[0]!;
  t.is(newest[0].boloNumber, latest['boloNumber']);
});

test('readBolo: the summary; an unknown id is 404', async (t) => {
  const { world, api } = await scene(t.context.app);
  const { bolo } = await wantedVehicle(world, api);
  t.deepEqual(expect(await api.get(`/records/bolos/${bolo['boloId']}`), 200), bolo);
  const missing = await api.get(`/records/bolos/${NOWHERE}`);
  t.deepEqual([missing.status, missing.body.error], [404, 'NOT_FOUND']);
});

test('setBoloStatus: each of the six statuses, answered with the summary and attributed to the credential; an unknown status is a 400', async (t) => {
  const { world, api } = await scene(t.context.app);
  const { bolo } = await wantedVehicle(world, api);
  const path = `/records/bolos/${bolo['boloId']}/status`;
  for (const status of [...BOLO_STATUSES.slice(1), 'ISSUED']) {
    const { result: reply, entries } = await world.audited(() => api.patch(path, { status }));
    t.is(reply.status, 200, `${status} ${JSON.stringify(reply.body)}`);
    t.deepEqual(keysOf(reply.body), SUMMARY_KEYS);
    t.like(reply.body, { boloId: bolo['boloId'], status });
    t.is((expect(await api.get(`/records/bolos/${bolo['boloId']}`), 200) as any).status, status);
    attributedOnce(t, entries, api, world.organisationId, status);
  }
  const { entries } = await world.audited(async () => {
    validationFailed(t, await api.patch(path, { status: 'CANCELLED' }), 'status');
    validationFailed(t, await api.patch(path, {}), 'status');
  });
  t.deepEqual(entries, []);
  const missing = await api.patch(`/records/bolos/${NOWHERE}/status`, { status: 'RESOLVED' });
  t.deepEqual([missing.status, missing.body.error], [404, 'NOT_FOUND']);
});

test('reportBoloHit: a camera reads the plate (case and spaces ignored): 201 { hit, bolo }, the BOLO is HIT_REPORTED, attributed to the credential', async (t) => {
  const { world, api } = await scene(t.context.app);
  const { bolo, vehicle } = await wantedVehicle(world, api, '12ABC345');
  t.is(vehicle['plate'], '12ABC345');
  const seen = sighting('12 abc 345');
  const { result: reply, entries } = await world.audited(() => api.post(`/records/bolos/${bolo['boloId']}/hits`, seen));
  t.is(reply.status, 201, JSON.stringify(reply.body));
  t.deepEqual(keysOf(reply.body), ['bolo', 'hit']);
  t.deepEqual(keysOf(reply.body.hit), HIT_KEYS);
  t.regex(reply.body.hit.hitId, UUID);
  t.like(reply.body.hit, {
    boloId: bolo['boloId'],
    cameraId: seen.cameraId,
    cameraLabel: seen.cameraLabel,
    mapX: seen.mapX,
    mapY: seen.mapY,
    seenAt: seen.seenAt,
  });
  t.is(String(reply.body.hit.plate).replace(/\s+/g, '').toUpperCase(), '12ABC345');
  t.regex(reply.body.hit.reportedAt, ISO);
  t.deepEqual(keysOf(reply.body.bolo), SUMMARY_KEYS);
  t.like(reply.body.bolo, { boloId: bolo['boloId'], status: 'HIT_REPORTED' });
  t.is((expect(await api.get(`/records/bolos/${bolo['boloId']}`), 200) as any).status, 'HIT_REPORTED');
  t.deepEqual(expect(await api.get(`/records/bolos/${bolo['boloId']}/hits`), 200), [reply.body.hit]);
  attributedOnce(t, entries, api, world.organisationId);
  // An active BOLO with a hit takes more hits.
  const again = await api.post(`/records/bolos/${bolo['boloId']}/hits`, sighting('12abc345'));
  t.is(again.status, 201);
  t.is((expect(await api.get(`/records/bolos/${bolo['boloId']}/hits`), 200) as any[]).length, 2);
});

test('reportBoloHit: a civilian-only BOLO, an inactive BOLO and a wrong plate are three distinct 409s, and write nothing', async (t) => {
  const { world, api } = await scene(t.context.app);
  const civilian = await world.civilian('Wade', 'Hebert', '1985-01-01');
  const personOnly = await createBolo(api, boloBody(world, { subjectCivilianId: civilian.civilianId }));
  const wanted = await wantedVehicle(world, api, 'LS 4711');
  const codes = new Set<string>();

  async function rejected(boloId: string, plate: string, code: string, status: string) {
    const { result: reply, entries } = await world.audited(() => api.post(`/records/bolos/${boloId}/hits`, sighting(plate)));
    t.is(reply.status, 409, `${code}: ${JSON.stringify(reply.body)}`);
    t.is(reply.body?.error, code);
    t.is(typeof reply.body?.message, 'string');
    codes.add(reply.body?.error);
    t.deepEqual(entries, [], `${code}: no audit entry`);
    t.deepEqual(expect(await api.get(`/records/bolos/${boloId}/hits`), 200), [], `${code}: no hit`);
    t.is((expect(await api.get(`/records/bolos/${boloId}`), 200) as any).status, status, `${code}: status unchanged`);
  }

  await rejected(personOnly['boloId'], 'LS4711', 'BOLO_HAS_NO_VEHICLE', 'ISSUED');
  await rejected(wanted.bolo['boloId'], 'LS 4712', 'PLATE_MISMATCH', 'ISSUED');
  await rejected(wanted.bolo['boloId'], 'LS471', 'PLATE_MISMATCH', 'ISSUED');
  for (const status of ['RESOLVED', 'ARCHIVED', 'EXPIRED']) {
    expect(await api.patch(`/records/bolos/${wanted.bolo['boloId']}/status`, { status }), 200);
    await rejected(wanted.bolo['boloId'], 'ls 4711', 'BOLO_NOT_ACTIVE', status);
  }
  t.deepEqual([...codes].sort(), ['BOLO_HAS_NO_VEHICLE', 'BOLO_NOT_ACTIVE', 'PLATE_MISMATCH']);
  const missing = await api.post(`/records/bolos/${NOWHERE}/hits`, sighting('LS4711'));
  t.deepEqual([missing.status, missing.body.error], [404, 'NOT_FOUND']);
});

test('reportBoloHit: a body without its fields or with bad ones is a 400', async (t) => {
  const { world, api } = await scene(t.context.app);
  const { bolo, plate } = await wantedVehicle(world, api);
  const path = `/records/bolos/${bolo['boloId']}/hits`;
  const { entries } = await world.audited(async () => {
    for (const field of ['plate', 'cameraId', 'cameraLabel', 'mapX', 'mapY', 'seenAt']) {
      const body: Record<string, unknown> = sighting(plate);
      delete body[field];
      validationFailed(t, await api.post(path, body), field, `without ${field}`);
    }
    validationFailed(t, await api.post(path, sighting(plate, { seenAt: 'yesterday' })), 'seenAt');
    validationFailed(t, await api.post(path, sighting(plate, { mapX: 'east' })), 'mapX');
  });
  t.deepEqual(entries, []);
  t.deepEqual(expect(await api.get(`${path}`), 200), []);
});

test('an ISSUED BOLO whose expiresAt has passed reads EXPIRED, leaves the active list, and refuses hits with BOLO_NOT_ACTIVE writing nothing', async (t) => {
  const { timed: app, clock } = t.context;
  const { world, api } = await scene(app);
  const plate = unique('X').slice(0, 10).toUpperCase();
  const vehicle = await world.vehicle({ plate });
  const bolo = await createBolo(
    api,
    boloBody(world, { subjectVehicleId: vehicle['vehicleId'] }, { expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() }),
  );
  const fresh = expect(await api.get('/records/bolos'), 200) as any[];
  t.deepEqual(
    fresh.map((b) => b.boloId),
    [bolo['boloId']],
  );
  clock.advance(120_000);
  t.is((expect(await api.get(`/records/bolos/${bolo['boloId']}`), 200) as any).status, 'EXPIRED');
  t.deepEqual(expect(await api.get('/records/bolos'), 200), [], 'not active any more');
  t.deepEqual(
    (expect(await api.get('/records/bolos?status=EXPIRED'), 200) as any[]).map((b) => b.boloId),
    [bolo['boloId']],
  );
  t.deepEqual(expect(await api.get('/records/bolos?status=ISSUED'), 200), []);
  const { result: reply, entries } = await world.audited(() =>
    api.post(`/records/bolos/${bolo['boloId']}/hits`, sighting(plate, { seenAt: clock.now().toISOString() })),
  );
  t.deepEqual([reply.status, reply.body?.error], [409, 'BOLO_NOT_ACTIVE']);
  t.deepEqual(entries, []);
  t.deepEqual(expect(await api.get(`/records/bolos/${bolo['boloId']}/hits`), 200), []);
  t.is((expect(await api.get(`/records/bolos/${bolo['boloId']}`), 200) as any).status, 'EXPIRED');
});

test('listBoloHits: the sightings, newest first; an unknown BOLO is 404', async (t) => {
  const { world, api } = await scene(t.context.app);
  const { bolo, plate } = await wantedVehicle(world, api);
  const start = Date.now() - 600_000;
  const hits: any[] = [];
  for (let i = 0; i < 3; i++) {
    const seenAt = new Date(start + i * 60_000).toISOString();
    hits.push(
      (expect(await api.post(`/records/bolos/${bolo['boloId']}/hits`, sighting(plate, { seenAt, cameraId: `cam-${i}` })), 201) as any).hit,
    );
  }
  const listed = expect(await api.get(`/records/bolos/${bolo['boloId']}/hits`), 200) as any[];
  t.deepEqual(listed, [...hits].reverse());
  for (const hit of listed) t.deepEqual(keysOf(hit), HIT_KEYS);
  const missing = await api.get(`/records/bolos/${NOWHERE}/hits`);
  t.deepEqual([missing.status, missing.body.error], [404, 'NOT_FOUND']);
});

// ---------------------------------------------------------------------------------------------
// Records

test('listVehicles: a page of vehicle views, oldest first, by plate (case and spaces ignored, exact) and by registered owner', async (t) => {
  const { world, api } = await scene(t.context.app);
  const franklin = await world.civilian('Franklin', 'Clinton', '1988-01-01');
  const lamar = await world.civilian('Lamar', 'Davis', '1988-03-03');
  const first = await world.vehicle({
    plate: 'LS 1234',
    make: 'Bravado',
    model: 'Buffalo',
    color: 'green',
    ownerCivilianId: franklin.civilianId,
    registrationStatus: 'VALID',
  });
  const second = await world.vehicle({ plate: 'LS12345', make: 'Albany', ownerCivilianId: lamar.civilianId });
  const third = await world.vehicle({ plate: 'XY-99' });
  const page = expect(await api.get('/records/vehicles'), 200) as any;
  t.deepEqual(keysOf(page), ['hasMore', 'items', 'nextCursor']);
  t.deepEqual([page.nextCursor, page.hasMore], [null, false]);
  t.deepEqual(
    page.items.map((v: any) => v.vehicleId),
    [first['vehicleId'], second['vehicleId'], third['vehicleId']],
  );
  for (const item of page.items) t.deepEqual(keysOf(item), VEHICLE_KEYS);
  t.deepEqual(page.items[0], {
    vehicleId: first['vehicleId'],
    organisationId: world.organisationId,
    plate: first['plate'],
    make: 'Bravado',
    model: 'Buffalo',
    color: 'green',
    registrationStatus: 'VALID',
    ownerCivilianId: franklin.civilianId,
  });
  t.like(page.items[2], { make: null, model: null, color: null, ownerCivilianId: null });
  const ids = async (q: string) => (expect(await api.get(query('/records/vehicles', q)), 200) as any).items.map((v: any) => v.vehicleId);
  t.deepEqual(await ids('plate=ls1234'), [first['vehicleId']]);
  t.deepEqual(await ids(`plate=${encodeURIComponent('l s 12 34')}`), [first['vehicleId']]);
  t.deepEqual(await ids('plate=LS12345'), [second['vehicleId']]);
  t.deepEqual(await ids('plate=LS123'), [], 'exact, not a prefix');
  t.deepEqual(await ids('plate=xy-99'), [third['vehicleId']]);
  t.deepEqual(await ids(`registeredOwnerCivilianId=${lamar.civilianId}`), [second['vehicleId']]);
  t.deepEqual(await ids(`registeredOwnerCivilianId=${franklin.civilianId}&plate=ls12345`), []);
  t.deepEqual(await ids(`registeredOwnerCivilianId=${NOWHERE}`), []);
});

test('listVehicles: limit defaults to 100, takes 1..100, and 101 or 0 is a 400', async (t) => {
  const { world, api } = await scene(t.context.app);
  await inBatches(101, (i) => world.vehicle({ plate: `BULK-${i}` }));
  await limitsHold(
    t,
    (q) => api.get(query('/records/vehicles', q)),
    { default: 100, max: 100 },
    (body) => body.items,
  );
  t.true((expect(await api.get('/records/vehicles'), 200) as any).hasMore);
});

test('readVehicle: the vehicle view with its plate; an unknown id is 404', async (t) => {
  const { world, api } = await scene(t.context.app);
  const vehicle = await world.vehicle({ plate: 'gta 5', make: 'Pegassi', color: 'orange' });
  const reply = await api.get(`/records/vehicles/${vehicle['vehicleId']}`);
  t.is(reply.status, 200);
  t.deepEqual(keysOf(reply.body), VEHICLE_KEYS);
  t.like(reply.body, {
    vehicleId: vehicle['vehicleId'],
    plate: 'GTA 5',
    make: 'Pegassi',
    color: 'orange',
    organisationId: world.organisationId,
  });
  const missing = await api.get(`/records/vehicles/${NOWHERE}`);
  t.deepEqual([missing.status, missing.body.error], [404, 'NOT_FOUND']);
});

test('listCivilians: q finds civilians with every term in the first or last name, ignoring case; licenseStatus filters', async (t) => {
  const { world, api } = await scene(t.context.app);
  const trevor = await world.civilian('Trevor', 'Philips', '1967-06-06');
  const michael = await world.civilian('Michael', 'De Santa', '1965-12-12');
  const tracey = await world.civilian('Tracey', 'De Santa', '1992-03-03');
  const amanda = await world.civilian('Amanda', 'De Santa', '1968-04-04', 'SUSPENDED');
  const franklin = await world.civilian('Franklin', 'Clinton', '1988-01-01', 'SUSPENDED');
  const page = expect(await api.get('/records/civilians'), 200) as any;
  t.deepEqual([page.nextCursor, page.hasMore], [null, false]);
  t.deepEqual(
    page.items.map((c: any) => c.civilianId),
    [trevor, michael, tracey, amanda, franklin].map((c) => c.civilianId),
  );
  t.like(page.items[0], {
    civilianId: trevor.civilianId,
    firstName: 'Trevor',
    lastName: 'Philips',
    dateOfBirth: '1967-06-06',
    licenseStatus: trevor.licenseStatus,
  });
  const names = async (q: string) =>
    (expect(await api.get(query('/records/civilians', q)), 200) as any).items.map((c: any) => c.firstName) as string[];
  const q = (text: string) => `q=${encodeURIComponent(text)}`;
  t.deepEqual(await names(q('trevor')), ['Trevor']);
  t.deepEqual(await names(q('PHIL trev')), ['Trevor']);
  t.deepEqual(await names(q('de santa')), ['Michael', 'Tracey', 'Amanda']);
  t.deepEqual(await names(q('  SANTA   mich ')), ['Michael']);
  t.deepEqual(await names(q('an')), ['Michael', 'Tracey', 'Amanda', 'Franklin'], 'a term may occur anywhere in a name');
  t.deepEqual(await names(q('trevor clinton')), [], 'every term must match the same civilian');
  t.deepEqual(await names(q('nobody')), []);
  t.deepEqual(await names('licenseStatus=SUSPENDED'), ['Amanda', 'Franklin']);
  t.deepEqual(await names(`licenseStatus=SUSPENDED&${q('santa')}`), ['Amanda']);
});

test('listCivilians: limit defaults to 100, takes 1..100, and 101 or 0 is a 400', async (t) => {
  const { world, api } = await scene(t.context.app);
  await inBatches(101, (i) => world.civilian('Bulk', `Civilian${i}`, '1990-01-01'));
  await limitsHold(
    t,
    (q) => api.get(query('/records/civilians', q)),
    { default: 100, max: 100 },
    (body) => body.items,
  );
});

test('listWarrants: a page of warrant views, oldest first, by civilian and status', async (t) => {
  const { world, api } = await scene(t.context.app);
  const trevor = await world.civilian('Trevor', 'Philips', '1967-06-06');
  const lamar = await world.civilian('Lamar', 'Davis', '1988-03-03');
  const issue = async (civilianId: string, status: string, description: string | null = null) =>
    expect(await world.admin('POST', `/organisations/${world.organisationId}/warrants`, { civilianId, status, description }), 201) as any;
  const w1 = await issue(trevor.civilianId, 'ACTIVE', 'failure to appear');
  const w2 = await issue(trevor.civilianId, 'SERVED');
  const w3 = await issue(lamar.civilianId, 'RECALLED');
  const w4 = await issue(lamar.civilianId, 'ACTIVE');
  const page = expect(await api.get('/records/warrants'), 200) as any;
  t.deepEqual([page.nextCursor, page.hasMore], [null, false]);
  t.deepEqual(
    page.items.map((w: any) => w.warrantId),
    [w1, w2, w3, w4].map((w) => w.warrantId),
  );
  for (const item of page.items) t.deepEqual(keysOf(item), WARRANT_KEYS);
  t.like(page.items[0], {
    organisationId: world.organisationId,
    civilianId: trevor.civilianId,
    status: 'ACTIVE',
    description: 'failure to appear',
  });
  t.regex(page.items[0].createdAt, ISO);
  const ids = async (q: string) => (expect(await api.get(query('/records/warrants', q)), 200) as any).items.map((w: any) => w.warrantId);
  t.deepEqual(await ids(`civilianId=${trevor.civilianId}`), [w1.warrantId, w2.warrantId]);
  t.deepEqual(await ids('status=ACTIVE'), [w1.warrantId, w4.warrantId]);
  t.deepEqual(await ids('status=RECALLED'), [w3.warrantId]);
  t.deepEqual(await ids(`civilianId=${lamar.civilianId}&status=ACTIVE`), [w4.warrantId]);
  t.deepEqual(await ids(`civilianId=${NOWHERE}`), []);
  validationFailed(t, await api.get('/records/warrants?status=PENDING'), 'status');
});

test('listWarrants: limit defaults to 50, takes 1..200, and 201 or 0 is a 400', async (t) => {
  const { world, api } = await scene(t.context.app);
  const civilian = await world.civilian('Most', 'Wanted', '1980-01-01');
  await inBatches(201, () => world.warrant(civilian.civilianId));
  await limitsHold(
    t,
    (q) => api.get(query('/records/warrants', q)),
    { default: 50, max: 200 },
    (body) => body.items,
  );
});

// ---------------------------------------------------------------------------------------------
// Audit

test('every API write leaves exactly one audit entry, whose actor is the credential (kind, id, label); reads leave none', async (t) => {
  const { world, api } = await scene(t.context.app);
  const officer = await world.officer();
  const call = await world.openCall();
  const { bolo, plate } = await wantedVehicle(world, api);
  const writes: Array<[string, () => Promise<HttpReply>]> = [
    ['setUnitStatus', () => api.patch(`/units/${officer.unitId}/status`, { status: 'BUSY', reason: 'traffic stop' })],
    ['setCallStatus', () => api.patch(`/cad/calls/${call['callId']}/status`, { status: 'ACTIVE' })],
    ['createBolo', () => api.post('/records/bolos', boloBody(world, { subjectVehicleId: bolo['subjectVehicleId'] }))],
    ['setBoloStatus', () => api.patch(`/records/bolos/${bolo['boloId']}/status`, { status: 'ACKNOWLEDGED' })],
    ['reportBoloHit', () => api.post(`/records/bolos/${bolo['boloId']}/hits`, sighting(plate))],
  ];
  for (const [name, write] of writes) {
    const { result, entries } = await world.audited(write);
    t.true(result.status === 200 || result.status === 201, `${name}: ${result.status} ${JSON.stringify(result.body)}`);
    attributedOnce(t, entries, api, world.organisationId, name);
  }
  const { entries } = await world.audited(async () => {
    for (const path of [
      '/units',
      `/units/${officer.unitId}`,
      '/cad/calls',
      `/cad/calls/${call['callId']}`,
      '/records/bolos',
      `/records/bolos/${bolo['boloId']}`,
      `/records/bolos/${bolo['boloId']}/hits`,
      '/records/vehicles',
      `/records/vehicles/${bolo['subjectVehicleId']}`,
      '/records/civilians',
      '/records/warrants',
    ])
      expect(await api.get(path), 200);
  });
  t.deepEqual(entries, [], 'reads write nothing');
});
