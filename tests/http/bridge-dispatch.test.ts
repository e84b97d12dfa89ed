import anyTest, { type TestFn } from 'ava';
import {
  type BridgeWorld,
  type Desk,
  type Identifiers,
  type Player,
  UUID,
  auditedOnce,
  bridgeWorld,
  recordNumber,
} from '../support/bridge-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * The dispatch routes of the bridge through real HTTP: `/panic`, `/911` and its follow-ups,
 * `/location` and `/waypoint`. Each test has its own organisation, so its audit log shows that
 * test's writes only.
 */
interface Context {
  app: TestService;
}
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  t.context = { app: await startTestService({ rateLimitScale: 1000 }) };
});
test.after.always((t) => t.context.app?.close());

const PIN = { mapX: 1000, mapY: 2000 };

async function scene(t: { context: Context }, settings: Record<string, unknown> = {}): Promise<{ world: BridgeWorld; officer: Player }> {
  const world = await bridgeWorld(t.context.app, { settings });
  return { world, officer: await world.officer() };
}

/** A PENDING call of the desk's department at `PIN`, reported through `/911` by a linked player. */
async function reported(world: BridgeWorld, desk: Desk = world.desk, place = PIN) {
  const caller = await world.linkedPlayer();
  const reply = await desk.post('/911', { identifiers: caller.identifiers, ...place, description: 'shots fired near the pier' });
  if (reply.body.reported !== true) throw new Error(JSON.stringify(reply.body));
  return reply.body as { reported: true; callId: string; callNumber: string };
}

const selfAssign = (world: BridgeWorld, identifiers: Identifiers, callId: string, desk: Desk = world.desk) =>
  desk.post('/911/self-assign', { identifiers, callId });
const NOWHERE = '0190a5b6-0000-7000-8000-00000000dead';

// ---------------------------------------------------------------------------------------------
// /panic

test('/panic: a P1 call at the coordinates in the officer’s department; nobody assigned, the unit stays AVAILABLE; audited once', async (t) => {
  const { world, officer } = await scene(t);
  const { result: reply, entries } = await world.audited(() =>
    world.desk.post('/panic', { identifiers: officer.identifiers, mapX: -512.5, mapY: 300.25 }),
  );
  t.is(reply.status, 200);
  t.deepEqual(Object.keys(reply.body).sort(), ['callId', 'callNumber', 'triggered']);
  t.true(reply.body.triggered);
  t.regex(reply.body.callId, UUID);
  t.regex(reply.body.callNumber, recordNumber('C'));
  const call = await world.readCall(reply.body.callId);
  t.like(call, {
    callNumber: reply.body.callNumber,
    priority: 'P1',
    status: 'PENDING',
    departmentId: world.departmentId,
    mapX: -512.5,
    mapY: 300.25,
  });
  t.deepEqual(call['units'], []);
  t.like(await world.unit(officer.unitId!), { status: 'AVAILABLE', assignment: null });
  auditedOnce(t, entries, {
    action: 'call.panic',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: officer.characterId,
  });
  t.is((await world.desk.post('/waypoint', { identifiers: officer.identifiers })).body.reason, 'no_assignment');
});

test('call numbers are per organisation, human-readable and increasing: C-yy-000001, C-yy-000002', async (t) => {
  const { world, officer } = await scene(t);
  const year = String(new Date().getUTCFullYear() % 100).padStart(2, '0');
  const first = await world.desk.post('/panic', { identifiers: officer.identifiers, ...PIN });
  const second = await reported(world);
  t.is(first.body.callNumber, `C-${year}-000001`);
  t.is(second.callNumber, `C-${year}-000002`);
});

// ---------------------------------------------------------------------------------------------
// /911

test('/911: a linked player off duty (or without any membership) reports; the call is PENDING in the credential’s department; audited once', async (t) => {
  const world = await bridgeWorld(t.context.app);
  for (const caller of [await world.offDutyOfficer(), await world.linkedPlayer()]) {
    const { result: reply, entries } = await world.audited(() =>
      world.desk.post('/911', { identifiers: caller.identifiers, mapX: 12, mapY: -34, description: 'a car on fire' }),
    );
    t.deepEqual(Object.keys(reply.body).sort(), ['callId', 'callNumber', 'reported']);
    t.true(reply.body.reported);
    t.regex(reply.body.callId, UUID);
    t.regex(reply.body.callNumber, recordNumber('C'));
    t.like(await world.readCall(reply.body.callId), {
      status: 'PENDING',
      departmentId: world.departmentId,
      description: 'a car on fire',
      mapX: 12,
      mapY: -34,
    });
    auditedOnce(t, entries, {
      action: 'call.reported',
      desk: world.desk,
      organisationId: world.organisationId,
      playerCharacterId: caller.characterId,
    });
  }
});

test('/911: goes to the organisation’s designated 911 department when one is set', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const dispatch = await world.otherDesk();
  await world.setSettings({ emergencyDepartmentId: dispatch.departmentId });
  const caller = await world.linkedPlayer();
  const reply = await world.desk.post('/911', { identifiers: caller.identifiers, ...PIN, description: 'robbery' });
  t.true(reply.body.reported);
  t.is((await world.readCall(reply.body.callId))['departmentId'], dispatch.departmentId);
});

test('/911: no_department when the designated department, or the credential’s own, is deactivated; nothing is written', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const caller = await world.linkedPlayer();
  const dispatchId = await world.department();
  await world.setSettings({ emergencyDepartmentId: dispatchId });
  await world.deactivateDepartment(dispatchId);
  const report = () => world.desk.post('/911', { identifiers: caller.identifiers, ...PIN, description: 'robbery' });
  const designated = await world.audited(report);
  t.deepEqual([designated.result.status, designated.result.body], [200, { reported: false, reason: 'no_department' }]);
  t.deepEqual(designated.entries, []);

  const plain = await bridgeWorld(t.context.app);
  const plainCaller = await plain.linkedPlayer();
  await plain.deactivateDepartment(plain.departmentId);
  const own = await plain.audited(() => plain.desk.post('/911', { identifiers: plainCaller.identifiers, ...PIN, description: 'x' }));
  t.deepEqual(own.result.body, { reported: false, reason: 'no_department' });
  t.deepEqual(own.entries, []);
});

// ---------------------------------------------------------------------------------------------
// /911/self-assign

test('/911/self-assign: the unit goes EN_ROUTE on the call, which becomes ACTIVE; audited once', async (t) => {
  const { world, officer } = await scene(t);
  const call = await reported(world);
  const { result: reply, entries } = await world.audited(() => selfAssign(world, officer.identifiers, call.callId));
  t.is(reply.status, 200);
  t.deepEqual(reply.body, { assigned: true, unitId: officer.unitId, callStatus: 'ACTIVE', unitStatus: 'EN_ROUTE' });
  t.like(await world.unit(officer.unitId!), {
    status: 'EN_ROUTE',
    assignment: { callId: call.callId, callNumber: call.callNumber, mapX: PIN.mapX, mapY: PIN.mapY },
  });
  const read = await world.readCall(call.callId);
  t.is(read['status'], 'ACTIVE');
  t.deepEqual(
    read['units'].map((u: { unitId: string }) => u.unitId),
    [officer.unitId],
  );
  const entry = auditedOnce(t, entries, {
    action: 'call.self_assigned',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: officer.characterId,
  });
  t.like(entry, { subject: { type: 'call', id: call.callId }, details: { callStatusFrom: 'PENDING' } });
  // A second unit joins the ACTIVE call.
  const colleague = await world.officer();
  t.deepEqual((await selfAssign(world, colleague.identifiers, call.callId)).body, {
    assigned: true,
    unitId: colleague.unitId,
    callStatus: 'ACTIVE',
    unitStatus: 'EN_ROUTE',
  });
});

test('/911/self-assign: already_assigned on the same call or while assigned to another; nothing is written', async (t) => {
  const { world, officer } = await scene(t);
  const first = await reported(world);
  const second = await reported(world);
  t.true((await selfAssign(world, officer.identifiers, first.callId)).body.assigned);
  const unitBefore = await world.unit(officer.unitId!);
  const { entries } = await world.audited(async () => {
    for (const callId of [first.callId, second.callId]) {
      const reply = await selfAssign(world, officer.identifiers, callId);
      t.deepEqual([reply.status, reply.body], [200, { assigned: false, reason: 'already_assigned' }]);
    }
  });
  t.deepEqual(entries, []);
  t.deepEqual(await world.unit(officer.unitId!), unitBefore);
  t.is((await world.readCall(second.callId))['status'], 'PENDING');
});

test('/911/self-assign: call_not_found for an unknown call, another organisation’s call and a closed call', async (t) => {
  const { world, officer } = await scene(t);
  const away = await bridgeWorld(t.context.app);
  const awayCall = await reported(away);
  const closed = await reported(world);
  await world.closeCall(closed.callId);
  const { entries } = await world.audited(async () => {
    for (const callId of [NOWHERE, awayCall.callId, closed.callId]) {
      const reply = await selfAssign(world, officer.identifiers, callId);
      t.deepEqual([reply.status, reply.body], [200, { assigned: false, reason: 'call_not_found' }], callId);
    }
  });
  t.deepEqual(entries, []);
  t.like(await world.unit(officer.unitId!), { status: 'AVAILABLE', assignment: null });
  t.is((await away.readCall(awayCall.callId))['status'], 'PENDING');
});

test('/911/self-assign: wrong_department for a call of another department (reported there, or routed there as the 911 department)', async (t) => {
  const { world, officer } = await scene(t);
  const other = await world.otherDesk();
  const theirs = await reported(world, other);
  await world.setSettings({ emergencyDepartmentId: other.departmentId });
  const routed = await reported(world);
  t.is((await world.readCall(routed.callId))['departmentId'], other.departmentId);
  const dispatched = await world.openCall(other.departmentId);
  const { entries } = await world.audited(async () => {
    for (const callId of [theirs.callId, routed.callId, dispatched['callId']]) {
      t.deepEqual((await selfAssign(world, officer.identifiers, callId)).body, { assigned: false, reason: 'wrong_department' });
    }
  });
  t.deepEqual(entries, []);
  t.like(await world.unit(officer.unitId!), { status: 'AVAILABLE', assignment: null });
});

// ---------------------------------------------------------------------------------------------
// /911/unassign

test('/911/unassign: the unit leaves the call and is AVAILABLE; audited once; a second unassign is not_assigned', async (t) => {
  const { world, officer } = await scene(t);
  const call = await reported(world);
  await selfAssign(world, officer.identifiers, call.callId);
  const unassign = () => world.desk.post('/911/unassign', { identifiers: officer.identifiers, callId: call.callId });
  const { result: reply, entries } = await world.audited(unassign);
  t.deepEqual([reply.status, reply.body], [200, { unassigned: true, unitId: officer.unitId, unitStatus: 'AVAILABLE' }]);
  t.like(await world.unit(officer.unitId!), { status: 'AVAILABLE', assignment: null });
  t.deepEqual((await world.readCall(call.callId))['units'], []);
  auditedOnce(t, entries, {
    action: 'call.self_unassigned',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: officer.characterId,
  });
  const again = await world.audited(unassign);
  t.deepEqual(again.result.body, { unassigned: false, reason: 'not_assigned' });
  t.deepEqual(again.entries, []);
});

test('/911/unassign: not_assigned while on another call; call_not_found for unknown and other-organisation calls; wrong_department', async (t) => {
  const { world, officer } = await scene(t);
  const away = await bridgeWorld(t.context.app);
  const awayCall = await reported(away);
  const mine = await reported(world);
  const other = await reported(world);
  const theirs = await reported(world, await world.otherDesk());
  await selfAssign(world, officer.identifiers, mine.callId);
  const unassign = (callId: string) => world.desk.post('/911/unassign', { identifiers: officer.identifiers, callId });
  const { entries } = await world.audited(async () => {
    t.deepEqual((await unassign(other.callId)).body, { unassigned: false, reason: 'not_assigned' });
    t.deepEqual((await unassign(NOWHERE)).body, { unassigned: false, reason: 'call_not_found' });
    t.deepEqual((await unassign(awayCall.callId)).body, { unassigned: false, reason: 'call_not_found' });
    t.deepEqual((await unassign(theirs.callId)).body, { unassigned: false, reason: 'wrong_department' });
  });
  t.deepEqual(entries, []);
  t.like(await world.unit(officer.unitId!), { status: 'EN_ROUTE', assignment: { callId: mine.callId } });
});

// ---------------------------------------------------------------------------------------------
// /911/narrative

test('/911/narrative: adds a note with an eventId, also to a CLOSED call; audited once each', async (t) => {
  const { world, officer } = await scene(t);
  const call = await reported(world);
  const note = (text: string) => world.desk.post('/911/narrative', { identifiers: officer.identifiers, callId: call.callId, text });
  const { result: reply, entries } = await world.audited(() => note('suspect fled north on foot'));
  t.deepEqual(Object.keys(reply.body).sort(), ['eventId', 'updated']);
  t.true(reply.body.updated);
  t.regex(reply.body.eventId, UUID);
  auditedOnce(t, entries, {
    action: 'call.note_added',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: officer.characterId,
  });
  await world.closeCall(call.callId);
  const closed = await world.audited(() => note('suspect in custody'));
  t.true(closed.result.body.updated);
  t.is(closed.entries.length, 1);
  const notes = (await world.readCall(call.callId))['notes'] as Array<{ eventId: string; text: string }>;
  t.deepEqual(
    notes.map((n) => [n.eventId, n.text]),
    [
      [reply.body.eventId, 'suspect fled north on foot'],
      [closed.result.body.eventId, 'suspect in custody'],
    ],
  );
});

test('/911/narrative: call_not_found for unknown and other-organisation calls, wrong_department for another department’s; nothing is written', async (t) => {
  const { world, officer } = await scene(t);
  const away = await bridgeWorld(t.context.app);
  const awayCall = await reported(away);
  const theirs = await reported(world, await world.otherDesk());
  const note = (callId: string) => world.desk.post('/911/narrative', { identifiers: officer.identifiers, callId, text: 'hello' });
  const { entries } = await world.audited(async () => {
    t.deepEqual((await note(NOWHERE)).body, { updated: false, reason: 'call_not_found' });
    t.deepEqual((await note(awayCall.callId)).body, { updated: false, reason: 'call_not_found' });
    t.deepEqual((await note(theirs.callId)).body, { updated: false, reason: 'wrong_department' });
  });
  t.deepEqual(entries, []);
  t.deepEqual((await world.readCall(theirs.callId))['notes'], []);
  t.deepEqual((await away.readCall(awayCall.callId))['notes'], []);
});

// ---------------------------------------------------------------------------------------------
// /location

const locate = (world: BridgeWorld, identifiers: Identifiers, mapX: number, mapY: number) =>
  world.desk.post('/location', { identifiers, mapX, mapY });

test('/location: without an assignment it is acknowledged and changes nothing', async (t) => {
  const { world, officer } = await scene(t);
  const before = await world.unit(officer.unitId!);
  const { result: reply, entries } = await world.audited(() => locate(world, officer.identifiers, PIN.mapX, PIN.mapY));
  t.deepEqual([reply.status, reply.body], [200, { reported: true }]);
  t.deepEqual(entries, []);
  t.deepEqual(await world.unit(officer.unitId!), before);
});

test('/location: out of the default radius (50) nothing changes; inside it the unit goes ON_SCENE once, with one unit.arrived entry', async (t) => {
  const { world, officer } = await scene(t);
  const call = await reported(world);
  await selfAssign(world, officer.identifiers, call.callId);
  const far = await world.audited(async () => {
    for (const [x, y] of [
      [PIN.mapX + 51, PIN.mapY],
      [PIN.mapX + 40, PIN.mapY + 40],
      [PIN.mapX - 1000, PIN.mapY],
    ] as const) {
      t.deepEqual((await locate(world, officer.identifiers, x, y)).body, { reported: true });
    }
  });
  t.deepEqual(far.entries, []);
  t.like(await world.unit(officer.unitId!), { status: 'EN_ROUTE' });

  const near = await world.audited(async () => {
    t.deepEqual((await locate(world, officer.identifiers, PIN.mapX + 30, PIN.mapY - 39)).body, { reported: true });
    t.deepEqual((await locate(world, officer.identifiers, PIN.mapX + 1, PIN.mapY + 1)).body, { reported: true });
    t.deepEqual((await locate(world, officer.identifiers, PIN.mapX, PIN.mapY)).body, { reported: true });
  });
  const entry = auditedOnce(t, near.entries, {
    action: 'unit.arrived',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: officer.characterId,
  });
  t.like(entry, { subject: { type: 'unit', id: officer.unitId }, details: { callId: call.callId } });
  t.like(await world.unit(officer.unitId!), { status: 'ON_SCENE', assignment: { callId: call.callId } });
  // Still sent to the call: the waypoint is unchanged.
  t.deepEqual((await world.desk.post('/waypoint', { identifiers: officer.identifiers })).body, {
    hasWaypoint: true,
    callId: call.callId,
    callNumber: call.callNumber,
    ...PIN,
  });
});

test('/location: the organisation’s own arrival radius counts, larger or smaller than the default', async (t) => {
  const wide = await scene(t, { arrivalRadius: 200 });
  const wideCall = await reported(wide.world);
  await selfAssign(wide.world, wide.officer.identifiers, wideCall.callId);
  await locate(wide.world, wide.officer.identifiers, PIN.mapX + 150, PIN.mapY);
  t.is((await wide.world.unit(wide.officer.unitId!))['status'], 'ON_SCENE');

  const narrow = await scene(t);
  await narrow.world.setSettings({ arrivalRadius: 10 });
  const narrowCall = await reported(narrow.world);
  await selfAssign(narrow.world, narrow.officer.identifiers, narrowCall.callId);
  await locate(narrow.world, narrow.officer.identifiers, PIN.mapX + 20, PIN.mapY);
  t.is((await narrow.world.unit(narrow.officer.unitId!))['status'], 'EN_ROUTE');
  await locate(narrow.world, narrow.officer.identifiers, PIN.mapX + 6, PIN.mapY + 8);
  t.is((await narrow.world.unit(narrow.officer.unitId!))['status'], 'ON_SCENE');
});

test('/location: an assignment without a pin never puts the unit on scene', async (t) => {
  const { world, officer } = await scene(t);
  const call = await world.openCall(world.departmentId, null);
  t.true((await selfAssign(world, officer.identifiers, call['callId'])).body.assigned);
  const { entries } = await world.audited(() => locate(world, officer.identifiers, 0, 0));
  t.deepEqual(entries, []);
  t.is((await world.unit(officer.unitId!))['status'], 'EN_ROUTE');
});

// ---------------------------------------------------------------------------------------------
// /waypoint

test('/waypoint: the assigned call and its pin; no_assignment with null call fields otherwise; a pure read', async (t) => {
  const { world, officer } = await scene(t);
  const waypoint = () => world.desk.post('/waypoint', { identifiers: officer.identifiers });
  t.deepEqual((await waypoint()).body, { hasWaypoint: false, reason: 'no_assignment', assignedCallId: null, assignedCallNumber: null });
  const call = await reported(world, world.desk, { mapX: 123.5, mapY: -77 });
  await selfAssign(world, officer.identifiers, call.callId);
  const unitBefore = await world.unit(officer.unitId!);
  const { result: reply, entries } = await world.audited(async () => {
    const first = await waypoint();
    t.deepEqual((await waypoint()).body, first.body);
    return first;
  });
  t.deepEqual(
    [reply.status, reply.body],
    [200, { hasWaypoint: true, callId: call.callId, callNumber: call.callNumber, mapX: 123.5, mapY: -77 }],
  );
  t.deepEqual(entries, [], 'a read writes no audit entry');
  t.deepEqual(await world.unit(officer.unitId!), unitBefore, 'nor changes the unit');
});

test('/waypoint: no_pin, with the assigned call, for a unit a dispatcher or the officer sent to a call without a place', async (t) => {
  const { world, officer } = await scene(t);
  const call = await world.openCall(world.departmentId, null);
  const assigned = await world.admin('POST', `/calls/${call['callId']}/assignments`, { unitId: officer.unitId });
  t.is(assigned.status, 201);
  const waypoint = () => world.desk.post('/waypoint', { identifiers: officer.identifiers });
  t.deepEqual((await waypoint()).body, {
    hasWaypoint: false,
    reason: 'no_pin',
    assignedCallId: call['callId'],
    assignedCallNumber: call['callNumber'],
  });
  // The dispatcher pins it: the waypoint follows.
  await world.admin('PATCH', `/calls/${call['callId']}/assignments/${officer.unitId}`, { mapX: 5, mapY: 6 });
  t.deepEqual((await waypoint()).body, { hasWaypoint: true, callId: call['callId'], callNumber: call['callNumber'], mapX: 5, mapY: 6 });

  const colleague = await world.officer();
  const placeless = await world.openCall(world.departmentId, null);
  await selfAssign(world, colleague.identifiers, placeless['callId']);
  t.deepEqual((await world.desk.post('/waypoint', { identifiers: colleague.identifiers })).body, {
    hasWaypoint: false,
    reason: 'no_pin',
    assignedCallId: placeless['callId'],
    assignedCallNumber: placeless['callNumber'],
  });
});

test('/waypoint: an assigned officer who goes off duty reads not_on_duty, with null call fields (the assignment does not leak)', async (t) => {
  const { world, officer } = await scene(t);
  const call = await reported(world);
  await selfAssign(world, officer.identifiers, call.callId);
  await world.goOnDuty(officer, world.desk, false);
  t.deepEqual((await world.desk.post('/waypoint', { identifiers: officer.identifiers })).body, {
    hasWaypoint: false,
    reason: 'not_on_duty',
    assignedCallId: null,
    assignedCallNumber: null,
  });
});

test('a dispatcher closing the call releases the unit: AVAILABLE, no_assignment', async (t) => {
  const { world, officer } = await scene(t);
  const call = await reported(world);
  await selfAssign(world, officer.identifiers, call.callId);
  await world.closeCall(call.callId);
  t.like(await world.unit(officer.unitId!), { status: 'AVAILABLE', assignment: null });
  t.is((await world.desk.post('/waypoint', { identifiers: officer.identifiers })).body.reason, 'no_assignment');
});
