import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import {
  BRIDGE,
  type BridgeWorld,
  type Player,
  UUID,
  auditedOnce,
  bridgeWorld,
  freshIdentifiers,
  unique,
} from '../support/bridge-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * `/mdt-handoff` with its exchange, `/presence`, and the public release check, through real HTTP.
 * Time runs on a manual clock, moved only by the tests that say so (they run serially and first).
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

const EXCHANGE = '/api/v1/auth/mdt-handoff/exchange';
const handoff = (world: BridgeWorld, player: Pick<Player, 'identifiers'>, extra: Record<string, unknown> = {}) =>
  world.desk.post('/mdt-handoff', { identifiers: player.identifiers, departmentSlug: world.slug, onDuty: true, ...extra });

// ---------------------------------------------------------------------------------------------
// /mdt-handoff and its exchange

test('/mdt-handoff: tier full for an on-duty officer with the credential’s slug and onDuty true; valid 120 s; audited once', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const officer = await world.officer();
  const { result: reply, entries } = await world.audited(() => handoff(world, officer, { jobLabel: 'police', gradeLabel: 'sergeant' }));
  t.is(reply.status, 200);
  t.deepEqual(Object.keys(reply.body).sort(), ['expiresAt', 'issued', 'tier', 'token']);
  t.like(reply.body, { issued: true, tier: 'full' });
  t.is(typeof reply.body.token, 'string');
  t.true(reply.body.token.length >= 32);
  t.is(new Date(reply.body.expiresAt).toISOString(), reply.body.expiresAt, 'ISO 8601');
  const entry = auditedOnce(t, entries, {
    action: 'mdt_handoff.issued',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: officer.characterId,
  });
  t.is(Date.parse(reply.body.expiresAt) - Date.parse(entry!.at), 120_000);
  t.false(JSON.stringify(entry).includes(reply.body.token), 'the token is not in the audit log');
});

test('/mdt-handoff: tier basic for every other linked player: onDuty false, another slug, off duty, no membership, another department', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const officer = await world.officer();
  const other = await world.otherDesk();
  const elsewhere = await world.officer(other);
  const cases: Array<[string, Player, Record<string, unknown>]> = [
    ['the game says off duty', officer, { onDuty: false }],
    ['the game names another department', officer, { departmentSlug: other.slug }],
    ['the game names an unknown department', officer, { departmentSlug: unique('nowhere-') }],
    ['off duty in the records', await world.offDutyOfficer(), {}],
    ['no membership', await world.linkedPlayer(), {}],
    ['on duty in another department', elsewhere, {}],
  ];
  for (const [label, player, extra] of cases) {
    const reply = await handoff(world, player, extra);
    t.like(reply.body, { issued: true, tier: 'basic' }, label);
  }
});

test('/mdt-handoff: not_linked for unknown identifiers, and nothing is written', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const { result: reply, entries } = await world.audited(() => handoff(world, { identifiers: freshIdentifiers() }));
  t.deepEqual([reply.status, reply.body], [200, { issued: false, reason: 'not_linked' }]);
  t.deepEqual(entries, []);
});

test('exchange: a hand-off token becomes an MDT session once; a second use and an unknown token are the same 401', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const officer = await world.officer();
  const basic = await world.linkedPlayer();
  for (const [player, tier] of [
    [officer, 'full'],
    [basic, 'basic'],
  ] as const) {
    const { token } = (await handoff(world, player)).body;
    const session = await world.http.post(EXCHANGE, { token });
    t.is(session.status, 200);
    t.like(session.body, { tier, characterPublicId: player.characterPublicId });
    t.is(typeof session.body.sessionToken, 'string');
    t.true(Date.parse(session.body.expiresAt) > Date.now());
    t.regex(session.body.characterPublicId, UUID);
    const again = await world.http.post(EXCHANGE, { token });
    t.is(again.status, 401);
    t.deepEqual(again.body, { error: 'UNAUTHORIZED', message: 'Authentication failed.' });
  }
  const unknown = await world.http.post(EXCHANGE, { token: 'cad_mdt_nothing-like-a-real-token' });
  t.deepEqual([unknown.status, unknown.body], [401, { error: 'UNAUTHORIZED', message: 'Authentication failed.' }]);
});

test('an MDT session token is not a bearer token: bridge and API routes answer 401', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const officer = await world.officer();
  const { token } = (await handoff(world, officer)).body;
  const { sessionToken } = (await world.http.post(EXCHANGE, { token })).body;
  for (const [path, body] of [
    ['/waypoint', { identifiers: officer.identifiers }],
    ['/vehicle', { identifiers: officer.identifiers, vehicle: { plate: 'MDT1' } }],
    ['/presence', { identifiers: [officer.identifiers] }],
  ] as const) {
    const reply = await world.http.post(`${BRIDGE}${path}`, body, { token: sessionToken });
    t.deepEqual([reply.status, reply.body], [401, { error: 'UNAUTHORIZED', message: 'Authentication failed.' }], path);
  }
  const api = await world.http.get('/api/v1/units', { token: sessionToken });
  t.is(api.status, 401);
  // Nor is the hand-off token itself.
  const { token: unused } = (await handoff(world, officer)).body;
  t.is((await world.http.post(`${BRIDGE}/waypoint`, { identifiers: officer.identifiers }, { token: unused })).status, 401);
});

test.serial('exchange: a hand-off token works until 120 s have passed, then it is a 401', async (t) => {
  const { clock } = t.context;
  const world = await bridgeWorld(t.context.app);
  const officer = await world.officer();
  const early = (await handoff(world, officer)).body.token;
  const late = (await handoff(world, officer)).body.token;
  clock.advance(119_000);
  t.is((await world.http.post(EXCHANGE, { token: early })).status, 200);
  clock.advance(1_000);
  const expired = await world.http.post(EXCHANGE, { token: late });
  t.deepEqual([expired.status, expired.body], [401, { error: 'UNAUTHORIZED', message: 'Authentication failed.' }]);
});

// ---------------------------------------------------------------------------------------------
// /presence

const heartbeat = (world: BridgeWorld, identifiers: unknown[]) => world.desk.post('/presence', { identifiers });

test('/presence: acknowledged; linked players are counted once each, however many of their identifiers are sent', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const away = await bridgeWorld(t.context.app);
  const character = await world.character();
  const both = { license: `license:${unique()}`, game: `game:${unique()}` };
  await world.link(character.characterId, both);
  const players = [await world.officer(), await world.linkedPlayer()];
  const stranger = (await away.linkedPlayer()).identifiers;
  const reply = await heartbeat(world, [
    { license: both.license },
    { game: both.game },
    ...players.map((p) => p.identifiers),
    freshIdentifiers(),
    stranger,
  ]);
  t.deepEqual([reply.status, reply.body], [200, { acknowledged: true }]);
  t.like(await world.presence(), { connected: 3, max: null, overages: [] });
  t.like(await away.presence(), { connected: 0 }, 'a player linked in another organisation is not counted here');
  // The next heartbeat renews; it does not add.
  await heartbeat(world, [both, ...players.map((p) => p.identifiers)]);
  t.is((await world.presence()).connected, 3);
});

test('/presence: unlinked players are skipped and never provisioned: no character, link, membership or unit appears', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const unitsBefore = await world.units();
  const outsidePresence = async () =>
    Object.fromEntries(Object.entries(await t.context.store.snapshot()).filter(([table]) => !/presence|overage/i.test(table)));
  const strangers = Array.from({ length: 20 }, () => freshIdentifiers());
  const before = await outsidePresence();
  const { result: reply, entries } = await world.audited(() => heartbeat(world, strangers));
  t.deepEqual(reply.body, { acknowledged: true });
  t.deepEqual(entries, []);
  const after = await outsidePresence();
  // Other tests write concurrently: compare only what belongs to this organisation.
  const mine = (rows: Record<string, unknown[]>) =>
    Object.fromEntries(
      Object.entries(rows).map(([table, list]) => [table, list.filter((r) => JSON.stringify(r).includes(world.organisationId))]),
    );
  t.deepEqual(mine(after), mine(before));
  t.deepEqual(await world.units(), unitsBefore);
  t.is((await world.presence()).connected, 0);
  t.is((await world.desk.post('/waypoint', { identifiers: strangers[0] })).body.reason, 'not_linked');
});

test('/presence: up to 500 identifier objects; 501 is a 400; an object without a known identifier is a 400', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const linked = await world.linkedPlayer();
  const many = (n: number) => Array.from({ length: n }, (_, i) => ({ license: `license:crowd-${i}` }));
  t.deepEqual((await heartbeat(world, [...many(499), linked.identifiers])).body, { acknowledged: true });
  t.is((await world.presence()).connected, 1);
  for (const identifiers of [many(501), [{}], [{ steam: 'steam:1' }], [linked.identifiers, { license: '' }], ['license:1']]) {
    const reply = await heartbeat(world, identifiers);
    t.deepEqual([reply.status, reply.body.error], [400, 'VALIDATION_FAILED'], JSON.stringify(identifiers).slice(0, 60));
  }
  const missing = await world.desk.post('/presence', {});
  t.deepEqual([missing.status, missing.body.error], [400, 'VALIDATION_FAILED']);
});

test('/presence: over concurrentAccountsMax the heartbeat is still acknowledged and the overage recorded', async (t) => {
  const world = await bridgeWorld(t.context.app, { settings: { concurrentAccountsMax: 2 } });
  const players = [await world.linkedPlayer(), await world.linkedPlayer(), await world.officer()];
  t.deepEqual(
    (
      await heartbeat(
        world,
        players.slice(0, 2).map((p) => p.identifiers),
      )
    ).body,
    { acknowledged: true },
  );
  t.like(await world.presence(), { connected: 2, max: 2, overages: [] });
  const reply = await heartbeat(
    world,
    players.map((p) => p.identifiers),
  );
  t.deepEqual([reply.status, reply.body], [200, { acknowledged: true }]);
  const figures = await world.presence();
  t.like(figures, { connected: 3, max: 2 });
  t.is(figures.overages.length, 1);
  t.like(figures.overages[0], { connected: 3, max: 2 });
  t.is(new Date(figures.overages[0]!.at).toISOString(), figures.overages[0]!.at);
  // Nobody was disconnected: every player still acts.
  t.is((await world.desk.post('/waypoint', { identifiers: players[2]!.identifiers })).body.reason, 'no_assignment');
});

test.serial('/presence: a claim lapses 60 s after its last renewal; renewed claims stay', async (t) => {
  const { clock } = t.context;
  const world = await bridgeWorld(t.context.app);
  const [a, b] = [await world.linkedPlayer(), await world.linkedPlayer()];
  await heartbeat(world, [a.identifiers, b.identifiers]);
  t.is((await world.presence()).connected, 2);
  clock.advance(30_000);
  await heartbeat(world, [a.identifiers]);
  clock.advance(29_000);
  t.is((await world.presence()).connected, 2, 'b is inside its 60 s');
  clock.advance(1_000);
  t.is((await world.presence()).connected, 1, 'b lapsed at 60 s');
  clock.advance(30_000);
  t.is((await world.presence()).connected, 0, 'a lapsed 60 s after its renewal');
});

// ---------------------------------------------------------------------------------------------
// GET /resource-release/latest

const publish = (app: TestService, resourceSlug: string, version: string, manifest: Record<string, unknown> = { files: [version] }) =>
  app.http.post('/api/v1/admin/releases', { resourceSlug, version, manifest }, { token: app.bootstrapKey });
const latest = (app: TestService, resourceSlug: string, currentVersion: string, headers?: Record<string, string>) =>
  app.http.get(
    `${BRIDGE}/resource-release/latest?resourceSlug=${encodeURIComponent(resourceSlug)}&currentVersion=${encodeURIComponent(currentVersion)}`,
    { headers },
  );

test('release check: public, no Authorization; latestVersion, updateAvailable by semantic version (1.10.0 > 1.9.3), manifest', async (t) => {
  const { app } = t.context;
  const slug = unique('cad-bridge-');
  t.is((await publish(app, slug, '1.9.3')).status, 201);
  t.is((await publish(app, slug, '1.10.0', { files: ['client.lua', 'server.lua'], minGameBuild: 2944 })).status, 201);
  for (const [current, updateAvailable] of [
    ['1.9.3', true],
    ['1.2.0', true],
    ['1.10.0-rc.1', true],
    ['1.10.0', false],
    ['1.11.0', false],
    ['2.0.0', false],
  ] as const) {
    const reply = await latest(app, slug, current);
    t.is(reply.status, 200);
    t.deepEqual(
      reply.body,
      {
        found: true,
        resourceSlug: slug,
        latestVersion: '1.10.0',
        updateAvailable,
        manifest: { files: ['client.lua', 'server.lua'], minGameBuild: 2944 },
      },
      current,
    );
  }
});

test('release check: an unknown resource is found false with its slug', async (t) => {
  const slug = unique('nothing-');
  const reply = await latest(t.context.app, slug, '1.0.0');
  t.deepEqual([reply.status, reply.body], [200, { found: false, resourceSlug: slug }]);
});

test('release check: both query fields are required', async (t) => {
  const reply = await t.context.app.http.get(`${BRIDGE}/resource-release/latest?resourceSlug=x`);
  t.deepEqual([reply.status, reply.body.error], [400, 'VALIDATION_FAILED']);
  t.deepEqual(
    reply.body.details.map((d: { in: string; field: string }) => [d.in, d.field]),
    [['query', 'currentVersion']],
  );
});

test('release check and MDT exchange are throttled per caller address: 429 RATE_LIMITED past the limit, a forged X-Forwarded-For does not escape', async (t) => {
  const clock = new ManualClock(new Date());
  const app = await startTestService({ clock, rateLimitScale: 0.1 });
  try {
    // 30/min scaled by 0.1.
    for (let i = 0; i < 3; i++) t.is((await latest(app, 'any', '1.0.0')).status, 200);
    for (const headers of [undefined, { 'x-forwarded-for': '203.0.113.9' }]) {
      const reply = await latest(app, 'any', '1.0.0', headers);
      t.deepEqual([reply.status, reply.body.error], [429, 'RATE_LIMITED']);
    }
    // 60/min scaled by 0.1: six, enough for several players behind one address.
    for (let i = 0; i < 6; i++) t.is((await app.http.post(EXCHANGE, { token: 'cad_mdt_x' })).status, 401);
    const limited = await app.http.post(EXCHANGE, { token: 'cad_mdt_x' });
    t.deepEqual([limited.status, limited.body.error], [429, 'RATE_LIMITED']);
    // The window slides in one-second slots: a request counts for 60 to 61 s.
    clock.advance(61_000);
    t.is((await latest(app, 'any', '1.0.0')).status, 200, 'a minute later it answers again');
  } finally {
    await app.close();
  }
});

test.serial('/mdt-handoff: each player has three hand-offs a minute, so one player repeating /mdt leaves the others theirs', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const eager = await world.officer();
  const patient = await world.officer();
  for (let i = 0; i < 3; i++) t.is((await handoff(world, eager)).status, 200);
  const refused = await handoff(world, eager);
  t.is(refused.status, 429);
  t.is(refused.body.error, 'RATE_LIMITED');
  t.is(refused.headers.get('retry-after'), null, 'the contract’s 429 says nothing of the wait');
  t.like((await handoff(world, patient)).body, { issued: true });
  // A minute on, the eager player may again.
  t.context.clock.advance(61_000);
  t.like((await handoff(world, eager)).body, { issued: true });
});
