import anyTest, { type TestFn } from 'ava';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import { BRIDGE, UUID, auditedOnce, bridgeWorld, freshIdentifiers, unique } from '../support/bridge-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * `/identity/link` and `/duty` through real HTTP (sections 4.3 and 5 of docs/contract.md, and its
 * settled points, "Identity"). Each test has its own organisation, so its audit log shows that test's
 * writes only.
 */
interface Context {
  app: TestService;
}
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const app = await startTestService({ rateLimitScale: 1000 });
  t.context = { app };
});
test.after.always((t) => t.context.app?.close());

const HOUR = 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// /identity/link

test('/identity/link: a valid code links the identifiers; the answer names the character, and the link is audited', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const character = await world.character('Michael', unique('DeSanta'));
  const { code } = await world.linkCode(character.characterId);
  const identifiers = { license: `license:${unique()}`, chat: `discord:${unique()}` };
  const { result: reply, entries } = await world.audited(() => world.desk.post('/identity/link', { identifiers, code }));
  t.is(reply.status, 200);
  t.deepEqual(reply.body, { linked: true, characterPublicId: character.characterPublicId, displayName: character.displayName });
  t.regex(reply.body.characterPublicId, UUID);
  t.is(reply.body.displayName, `Michael ${character.displayName.split(' ').slice(1).join(' ')}`);
  const entry = auditedOnce(t, entries, {
    action: 'identity.linked',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: character.characterId,
  });
  t.is(entry?.details['movedFrom'], undefined);
  // Every identifier sent is linked: each one alone now reaches the character.
  for (const one of [{ license: identifiers.license }, { chat: identifiers.chat }]) {
    const handoff = await world.desk.post('/mdt-handoff', { identifiers: one, departmentSlug: world.slug, onDuty: false });
    t.is(handoff.body.issued, true);
  }
});

test('/identity/link: the code is case-insensitive and ignores dashes and spaces', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const character = await world.character();
  const { code } = await world.linkCode(character.characterId);
  const typed = ` ${code.toLowerCase().replace('-', ' ')} `;
  const reply = await world.desk.post('/identity/link', { identifiers: freshIdentifiers(), code: typed });
  t.is(reply.body.linked, true, JSON.stringify(reply.body));
});

test('/identity/link: linking identifiers linked before moves them, and the audit entry says from where', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const first = await world.character('First', unique('Owner'));
  const second = await world.character('Second', unique('Owner'));
  const identifiers = await world.link(first.characterId);
  const { code } = await world.linkCode(second.characterId);
  const { result: reply, entries } = await world.audited(() => world.desk.post('/identity/link', { identifiers, code }));
  t.deepEqual(reply.body, { linked: true, characterPublicId: second.characterPublicId, displayName: second.displayName });
  const entry = auditedOnce(t, entries, {
    action: 'identity.linked',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: second.characterId,
  });
  t.deepEqual(entry?.details['movedFrom'], [{ kind: 'license', characterId: first.characterId }]);
  // The identifiers now act for the second character: the MDT session names it.
  const handoff = await world.desk.post('/mdt-handoff', { identifiers, departmentSlug: world.slug, onDuty: false });
  const session = await world.http.post('/api/v1/auth/mdt-handoff/exchange', { token: handoff.body.token });
  t.is(session.body.characterPublicId, second.characterPublicId);
});

test('/identity/link: an unknown code, a reused code and another organisation’s code are invalid_or_expired_code, and write nothing', async (t) => {
  const { app } = t.context;
  const world = await bridgeWorld(app);
  const character = await world.character();
  const { code } = await world.linkCode(character.characterId);
  expectLinked(t, await world.desk.post('/identity/link', { identifiers: freshIdentifiers(), code }));
  const away = await bridgeWorld(app);
  const awayCode = (await away.linkCode((await away.character()).characterId)).code;
  const { entries } = await world.audited(async () => {
    for (const tried of ['ZZZZZ-ZZZZZ', code, awayCode, 'nonsense']) {
      const reply = await world.desk.post('/identity/link', { identifiers: freshIdentifiers(), code: tried });
      t.deepEqual([reply.status, reply.body], [200, { linked: false, reason: 'invalid_or_expired_code' }], tried);
    }
  });
  t.deepEqual(entries, []);
  // The other organisation's code was not spent by the attempt.
  expectLinked(t, await away.desk.post('/identity/link', { identifiers: freshIdentifiers(), code: awayCode }));
});

test('/identity/link: a code expires ten minutes after it was issued', async (t) => {
  const clock = new ManualClock(new Date());
  const app = await startTestService({ clock, rateLimitScale: 1000 });
  try {
    const world = await bridgeWorld(app);
    const character = await world.character();
    const early = await world.linkCode(character.characterId);
    const late = await world.linkCode(character.characterId);
    t.is(Date.parse(early.expiresAt) - clock.now().getTime(), 10 * 60_000);
    clock.advance(10 * 60_000 - 1000);
    expectLinked(t, await world.desk.post('/identity/link', { identifiers: freshIdentifiers(), code: early.code }));
    clock.advance(1000);
    const { result: reply, entries } = await world.audited(() =>
      world.desk.post('/identity/link', { identifiers: freshIdentifiers(), code: late.code }),
    );
    t.deepEqual(reply.body, { linked: false, reason: 'invalid_or_expired_code' });
    t.deepEqual(entries, []);
  } finally {
    await app.close();
  }
});

function expectLinked(t: { is: (a: unknown, b: unknown, m?: string) => void }, reply: { body: any }) {
  t.is(reply.body?.linked, true, JSON.stringify(reply.body));
}

// ---------------------------------------------------------------------------------------------
// /duty

test('/duty: a never-seen player is provisioned: a unit AVAILABLE with a generated callsign, linked, audited once', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const identifiers = freshIdentifiers();
  const { result: reply, entries } = await world.audited(() =>
    world.desk.post('/duty', {
      identifiers,
      departmentSlug: world.slug,
      onDuty: true,
      characterName: 'Niko Bellic',
      jobLabel: 'police',
      gradeLabel: 'officer',
    }),
  );
  t.is(reply.status, 200);
  t.deepEqual(Object.keys(reply.body).sort(), ['status', 'synced', 'unitId']);
  t.like(reply.body, { synced: true, status: 'AVAILABLE' });
  t.regex(reply.body.unitId, UUID);
  const unit = await world.unit(reply.body.unitId);
  t.like(unit, { status: 'AVAILABLE', isActive: true, departmentId: world.departmentId, assignment: null });
  t.regex(unit.callsign, /^AUTO-\d{3,}$/);
  const entry = entries[0];
  auditedOnce(t, entries, {
    action: 'player.provisioned',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: entry?.playerCharacterId ?? 'a character',
  });
  t.regex(entry?.playerCharacterId ?? '', UUID);
  t.like(entry?.details, { departmentId: world.departmentId, callsign: unit.callsign, status: 'AVAILABLE' });
  // The character was named as the game calls the player, and the identifiers act for it.
  const { code } = await world.linkCode(entry!.playerCharacterId!);
  const linked = await world.desk.post('/identity/link', { identifiers: freshIdentifiers(), code });
  t.is(linked.body.displayName, 'Niko Bellic');
  t.is((await world.desk.post('/waypoint', { identifiers })).body.reason, 'no_assignment');
});

test('/duty: provisioned units get distinct callsigns; a provisioned player off duty starts OFF_DUTY', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const on = await world.desk.post('/duty', { identifiers: freshIdentifiers(), departmentSlug: world.slug, onDuty: true });
  const off = await world.desk.post('/duty', { identifiers: freshIdentifiers(), departmentSlug: world.slug, onDuty: false });
  t.like(off.body, { synced: true, status: 'OFF_DUTY' });
  const [a, b] = [await world.unit(on.body.unitId), await world.unit(off.body.unitId)];
  t.not(a.callsign, b.callsign);
  t.is(b.status, 'OFF_DUTY');
});

test('/duty: a linked member goes on and off duty; each change is audited once, a repeat changes nothing', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const player = await world.offDutyOfficer();
  const sync = (onDuty: boolean) => world.desk.post('/duty', { identifiers: player.identifiers, departmentSlug: world.slug, onDuty });
  const on = await world.audited(() => sync(true));
  t.deepEqual(on.result.body, { synced: true, unitId: player.unitId, status: 'AVAILABLE' });
  const entry = auditedOnce(t, on.entries, {
    action: 'unit.duty_synced',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: player.characterId,
  });
  t.like(entry?.details, { from: 'OFF_DUTY', to: 'AVAILABLE' });
  t.is((await world.unit(player.unitId!)).status, 'AVAILABLE');
  const again = await world.audited(() => sync(true));
  t.deepEqual(again.result.body, { synced: true, unitId: player.unitId, status: 'AVAILABLE' });
  t.deepEqual(again.entries, []);
  const off = await world.audited(() => sync(false));
  t.deepEqual(off.result.body, { synced: true, unitId: player.unitId, status: 'OFF_DUTY' });
  auditedOnce(t, off.entries, {
    action: 'unit.duty_synced',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: player.characterId,
  });
  t.is((await world.unit(player.unitId!)).status, 'OFF_DUTY');
});

test('/duty: unknown_department_slug for an unknown slug, another department’s slug and another organisation’s slug', async (t) => {
  const { app } = t.context;
  const world = await bridgeWorld(app);
  const other = await world.otherDesk();
  const away = await bridgeWorld(app);
  const player = await world.offDutyOfficer();
  // Put the player on the other department's roster too, so its slug is not a membership problem.
  await world.member(player.characterId, other.departmentId);
  const { entries } = await world.audited(async () => {
    for (const identifiers of [player.identifiers, freshIdentifiers()]) {
      for (const departmentSlug of [unique('nowhere-'), other.slug, away.slug]) {
        const reply = await world.desk.post('/duty', { identifiers, departmentSlug, onDuty: true });
        t.deepEqual([reply.status, reply.body], [200, { synced: false, reason: 'unknown_department_slug' }], departmentSlug);
      }
    }
  });
  t.deepEqual(entries, [], 'nothing written, nobody provisioned');
  t.is((await world.unit(player.unitId!)).status, 'OFF_DUTY');
});

test('/duty: no_department_membership, callsign_not_assigned and unit_inactive; none writes', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const noMembership = await world.linkedPlayer();
  const noCallsign = await world.offDutyOfficer(world.desk, null);
  const inactive = await world.officer();
  await world.deactivateUnit(inactive.unitId!);
  const inactiveBefore = await world.unit(inactive.unitId!);
  const cases = [
    [noMembership, 'no_department_membership'],
    [noCallsign, 'callsign_not_assigned'],
    [inactive, 'unit_inactive'],
  ] as const;
  const { entries } = await world.audited(async () => {
    for (const [player, reason] of cases) {
      for (const onDuty of [true, false]) {
        const reply = await world.desk.post('/duty', { identifiers: player.identifiers, departmentSlug: world.slug, onDuty });
        t.deepEqual([reply.status, reply.body], [200, { synced: false, reason }], reason);
      }
    }
  });
  t.deepEqual(entries, []);
  t.false(inactiveBefore.isActive);
  t.deepEqual(await world.unit(inactive.unitId!), inactiveBefore);
});

test('/duty: with auto-provision switched off, unlinked identifiers are not_linked and nobody is created; linked members still sync', async (t) => {
  const { app } = t.context;
  const world = await bridgeWorld(app);
  const member = await world.offDutyOfficer();
  await world.setSettings({ autoProvision: false });
  const unitsBefore = await world.units();
  const { result: reply, entries } = await world.audited(() =>
    world.desk.post('/duty', { identifiers: freshIdentifiers(), departmentSlug: world.slug, onDuty: true }),
  );
  t.deepEqual(reply.body, { synced: false, reason: 'not_linked' });
  t.deepEqual(entries, []);
  t.deepEqual(await world.units(), unitsBefore);
  const synced = await world.desk.post('/duty', { identifiers: member.identifiers, departmentSlug: world.slug, onDuty: true });
  t.deepEqual(synced.body, { synced: true, unitId: member.unitId, status: 'AVAILABLE' });
});

test('/duty: the hourly auto-provision cap is 429 RATE_LIMITED for a new player only, per credential, and lifts an hour later', async (t) => {
  const clock = new ManualClock(new Date());
  const app = await startTestService({ clock, rateLimitScale: 1000, autoProvisionPerHour: 2 });
  try {
    const world = await bridgeWorld(app);
    const duty = (identifiers: Record<string, string>, onDuty = true, desk = world.desk) =>
      desk.post('/duty', { identifiers, departmentSlug: world.slug, onDuty });
    const [first, second, third] = [freshIdentifiers(), freshIdentifiers(), freshIdentifiers()];
    t.like((await duty(first)).body, { synced: true, status: 'AVAILABLE' });
    clock.advance(10 * 60_000);
    t.like((await duty(second)).body, { synced: true, status: 'AVAILABLE' });
    const unitsBefore = await world.units();
    const { result: capped, entries } = await world.audited(() => duty(third));
    t.is(capped.status, 429);
    t.is(capped.body.error, 'RATE_LIMITED');
    t.deepEqual(entries, []);
    t.deepEqual(await world.units(), unitsBefore, 'nobody was created');
    // An existing player (provisioned or linked) never counts and still syncs.
    t.like((await duty(first, false)).body, { synced: true, status: 'OFF_DUTY' });
    const member = await world.offDutyOfficer();
    t.like((await duty(member.identifiers)).body, { synced: true, status: 'AVAILABLE' });
    // The cap is per credential: another credential of the department may still provision.
    const other = await world.secondCredential();
    t.like((await duty(freshIdentifiers(), true, other)).body, { synced: true, status: 'AVAILABLE' });
    // The first provisioning leaves the window an hour after it happened.
    clock.advance(HOUR - 10 * 60_000 + 1000);
    t.like((await duty(third)).body, { synced: true, status: 'AVAILABLE' });
    t.is((await duty(freshIdentifiers())).status, 429, 'the second provisioning is still inside the hour');
    clock.advance(10 * 60_000);
    t.like((await duty(freshIdentifiers())).body, { synced: true, status: 'AVAILABLE' });
  } finally {
    await app.close();
  }
});

test('/duty with an Idempotency-Key: the cap’s 429 is not kept, so the retry an hour later with the same key runs and provisions', async (t) => {
  const clock = new ManualClock(new Date());
  const app = await startTestService({ clock, rateLimitScale: 1000, autoProvisionPerHour: 1 });
  try {
    const world = await bridgeWorld(app);
    const duty = (identifiers: Record<string, string>, key: string) =>
      app.http.post(
        `${BRIDGE}/duty`,
        { identifiers, departmentSlug: world.slug, onDuty: true },
        { token: world.desk.token, headers: { 'idempotency-key': key } },
      );
    t.like((await duty(freshIdentifiers(), 'first-player')).body, { synced: true });
    const later = freshIdentifiers();
    const capped = await duty(later, 'second-player');
    t.deepEqual([capped.status, capped.body.error], [429, 'RATE_LIMITED']);
    clock.advance(HOUR + 1000);
    const retried = await duty(later, 'second-player');
    t.like(retried.body, { synced: true, status: 'AVAILABLE' });
    t.is(retried.headers.get('idempotent-replayed'), null);
    t.deepEqual((await duty(later, 'second-player')).body, retried.body, 'and now it is kept');
  } finally {
    await app.close();
  }
});
