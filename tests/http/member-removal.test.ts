import anyTest, { type TestFn } from 'ava';
import { type BridgeWorld, bridgeWorld, freshIdentifiers, unique } from '../support/bridge-driver.ts';
import { expect, operatorOf, organisationOf } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * Removing a member (decision 0140) through real HTTP: `POST /api/v1/admin/memberships/{id}/end`
 * ends the membership and its unit, is audited once, is refused without `roster.manage` and is 404
 * from another organisation; the bridge then treats the player as no member, and nobody is
 * provisioned in their place. Each test has its own organisation.
 */
interface Context {
  app: TestService;
}
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  t.context = { app: await startTestService({ rateLimitScale: 1000 }) };
});
test.after.always((t) => t.context.app?.close());

/** A linked member of the world's department, on duty and sent to a call. */
async function officerOnCall(world: BridgeWorld, callsign = unique('9-R-')) {
  const character = await world.character('Rosa', unique('Diaz'));
  const { membershipId, unitId } = await world.member(character.characterId, world.departmentId, callsign);
  const identifiers = await world.link(character.characterId, freshIdentifiers());
  await world.goOnDuty({ identifiers });
  const call = await world.openCall();
  expect(await world.admin('POST', `/calls/${call.callId}/assignments`, { unitId }), 201);
  return { character, membershipId, unitId, identifiers, callsign, callId: call.callId as string };
}

const listed = async (world: BridgeWorld, what: 'members' | 'units') =>
  (
    expect(await world.admin('GET', `/organisations/${world.organisationId}/${what}?limit=200`), 200) as {
      items: Array<Record<string, any>>;
    }
  ).items;

test('removing a member ends the membership and its unit, once, audited; the lists leave them out', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const officer = await officerOnCall(world);
  const { result: reply, entries } = await world.audited(() => world.admin('POST', `/memberships/${officer.membershipId}/end`));
  t.is(reply.status, 200, JSON.stringify(reply.body));
  t.like(reply.body, {
    membershipId: officer.membershipId,
    organisationId: world.organisationId,
    departmentId: world.departmentId,
    characterId: officer.character.characterId,
    unitId: officer.unitId,
  });
  t.truthy(Date.parse(reply.body.endedAt));
  t.deepEqual(
    entries.map((e) => e.action),
    ['membership.ended'],
  );
  t.like(entries[0], {
    organisationId: world.organisationId,
    subject: { type: 'membership', id: officer.membershipId },
    actor: { kind: 'operator' },
    details: {
      departmentId: world.departmentId,
      characterId: officer.character.characterId,
      characterName: officer.character.displayName,
      unitId: officer.unitId,
      callsign: officer.callsign,
    },
  });

  // The unit is kept, named, off duty, out of its call and inactive.
  t.like(await world.unit(officer.unitId), { unitLabel: officer.callsign, status: 'OFF_DUTY', isActive: false, assignment: null });
  t.deepEqual((await world.readCall(officer.callId))['units'], [], 'the call no longer has the unit');
  t.false((await listed(world, 'members')).some((m) => m['membershipId'] === officer.membershipId));
  t.false((await listed(world, 'units')).some((u) => u['unitId'] === officer.unitId));

  // Again: answered as it is, nothing written.
  const again = await world.audited(() => world.admin('POST', `/memberships/${officer.membershipId}/end`));
  t.deepEqual([again.result.status, again.result.body], [200, reply.body]);
  t.deepEqual(again.entries, []);

  // Its unit is history: no longer changed.
  const patched = await world.admin('PATCH', `/units/${officer.unitId}`, { isActive: true });
  t.deepEqual([patched.status, patched.body.error], [409, 'CONFLICT']);
});

test('a removed member’s /duty is no_department_membership, nobody is provisioned, and added again they go on duty', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const officer = await officerOnCall(world);
  expect(await world.admin('POST', `/memberships/${officer.membershipId}/end`), 200);
  const characters = async () =>
    (expect(await world.admin('GET', `/organisations/${world.organisationId}/characters?limit=200`), 200) as { items: unknown[] }).items
      .length;
  const before = await characters();
  const { entries } = await world.audited(async () => {
    for (const onDuty of [true, false]) {
      const reply = await world.desk.post('/duty', { identifiers: officer.identifiers, departmentSlug: world.slug, onDuty });
      t.deepEqual([reply.status, reply.body], [200, { synced: false, reason: 'no_department_membership' }]);
    }
    const waypoint = await world.desk.post('/waypoint', { identifiers: officer.identifiers });
    t.deepEqual([waypoint.body.hasWaypoint, waypoint.body.reason], [false, 'not_on_duty']);
  });
  t.deepEqual(entries, [], 'nothing written');
  t.is(await characters(), before, 'auto-provisioning respects the removal');

  // The callsign is free for another member, and the character may be added again, with a new unit.
  const reused = await world.admin('POST', `/departments/${world.departmentId}/members`, {
    characterId: (await world.character()).characterId,
    callsign: officer.callsign,
  });
  t.is(reused.status, 201, 'the ended unit’s callsign is free');
  const back = await world.member(officer.character.characterId, world.departmentId, unique('9-B-'));
  t.not(back.membershipId, officer.membershipId);
  t.not(back.unitId, officer.unitId);
  const onDuty = await world.goOnDuty({ identifiers: officer.identifiers });
  t.like(onDuty, { unitId: back.unitId, status: 'AVAILABLE' });
});

test('removing a member needs roster.manage, and another organisation’s key finds no such membership; neither writes', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const character = await world.character();
  const { membershipId, unitId } = await world.member(character.characterId);
  const home = operatorOf(world.http, t.context.app.bootstrapKey);
  const org = await home.organisation();
  const { key: elsewhere } = await org.operatorKey(['roster.manage'], 'another organisation');
  const { key: noRoster } = await organisationOf(world.http, t.context.app.bootstrapKey, world.organisationId).operatorKey(
    ['dispatch.manage', 'audit.view', 'records.manage'],
    'no roster',
  );
  const { result, entries } = await world.audited(async () => {
    const denied = await world.http.post(`/api/v1/admin/memberships/${membershipId}/end`, undefined, { token: noRoster });
    const foreign = await world.http.post(`/api/v1/admin/memberships/${membershipId}/end`, undefined, { token: elsewhere });
    return { denied, foreign };
  });
  t.deepEqual([result.denied.status, result.denied.body.error], [403, 'FORBIDDEN']);
  t.deepEqual([result.foreign.status, result.foreign.body.error], [404, 'NOT_FOUND']);
  t.deepEqual(entries, []);
  t.like(await world.unit(unitId), { isActive: true });
  t.true((await listed(world, 'members')).some((m) => m['membershipId'] === membershipId));
});
