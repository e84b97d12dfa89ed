import anyTest, { type TestFn } from 'ava';
import jwt from 'jsonwebtoken';
import type { RouteSpec } from '../../adapters/http/route-spec.ts';
import { bridgeRoutes } from '../../adapters/http/routes/bridge/index.ts';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import { type BridgeWorld, type Desk, bridgeBody, bridgeWorld, freshIdentifiers } from '../support/bridge-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * Authentication, kind separation, scopes and per-minute limits of every bridge route, generated
 * from the route table, through real HTTP (sections 5 and 8).
 */
interface Context {
  app: TestService;
  /** A service whose limits are a tenth of the defaults, on a clock that does not move. */
  slow: TestService;
  slowWorld: BridgeWorld;
  slowSecond: Desk;
}
const test = anyTest as TestFn<Context>;

const SCALE = 0.1;
const NOWHERE = '0190a5b6-0000-7000-8000-00000000dead';
const UNAUTHORIZED = { error: 'UNAUTHORIZED', message: 'Authentication failed.' };

/** Section 8's per-minute defaults; `/911/unassign` and `/911/narrative` are not given there. */
const CONTRACT_LIMITS: Record<string, number> = {
  bridgeLinkIdentity: 10,
  bridgeSyncDuty: 60,
  bridgeLookupVehicle: 60,
  bridgeLookupPerson: 60,
  bridgeWarrantCheck: 60,
  bridgeBoloCheck: 60,
  bridgeSyncCivilian: 60,
  bridgeSyncVehicle: 60,
  bridgeIssueBolo: 20,
  bridgeResolveBolo: 20,
  bridgeIssueCitation: 10,
  bridgeLogArrest: 10,
  bridgeClaimCivilian: 10,
  bridgePanic: 6,
  bridgeReport911: 20,
  bridgeSelfAssign: 20,
  bridgeLocation: 600,
  bridgeWaypoint: 300,
  bridgeMdtHandoff: 10,
  bridgePresence: 10,
};

/** The bridge routes a game credential calls (all but the public release check and MDT exchange). */
const CREDENTIAL_ROUTES = bridgeRoutes.filter((spec) => spec.guard.kind === 'credential');
const SCOPED: Record<string, string> = {
  bridgeIssueCitation: 'game.citation.issue',
  bridgeLogArrest: 'game.arrest.log',
  bridgeIssueBolo: 'game.bolo.trigger',
};

const pathOf = (spec: RouteSpec) => spec.path.replace(':boloId', NOWHERE);
const bodyOf = (spec: RouteSpec, world: BridgeWorld) =>
  bridgeBody(spec.operationId, {
    identifiers: freshIdentifiers(),
    // An unknown slug, so that /duty refuses instead of provisioning a player.
    slug: spec.operationId === 'bridgeSyncDuty' ? 'no-such-department' : world.slug,
    callId: NOWHERE,
  });

test.before(async (t) => {
  const app = await startTestService({ rateLimitScale: 1000 });
  const clock = new ManualClock(new Date());
  const slow = await startTestService({ rateLimitScale: SCALE, clock });
  const slowWorld = await bridgeWorld(slow);
  // Token exchange is limited per address too (1/min at this scale): let a minute pass between them.
  clock.advance(61_000);
  const slowSecond = await slowWorld.secondCredential();
  clock.advance(61_000);
  t.context = { app, slow, slowWorld, slowSecond };
});
test.after.always(async (t) => {
  await t.context.app?.close();
  await t.context.slow?.close();
});

test('the route table holds every bridge route of section 4.3 and the two extensions, each with a body the test suites know', (t) => {
  // `/mdt-handoff/confirm` (decision 0095) and `/identity/link/pending` (decision 0109) extend the
  // contract; nothing of section 4.3 is missing or renamed.
  t.deepEqual(
    CREDENTIAL_ROUTES.map((s) => s.operationId).sort(),
    [...Object.keys(CONTRACT_LIMITS), 'bridgeNarrative', 'bridgeUnassign', 'bridgeConfirmMdtHandoff', 'bridgeStartPendingLink'].sort(),
  );
  for (const spec of CREDENTIAL_ROUTES)
    t.truthy(bridgeBody(spec.operationId, { identifiers: {}, slug: 'x', callId: NOWHERE }), spec.operationId);
});

test('without a token, with a malformed, foreign-signed or unsigned token: the same 401 on every bridge route; nothing written', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const real = jwt.decode(world.desk.token) as Record<string, unknown>;
  const forged = jwt.sign({ ...real }, 'another key entirely, at least 32 bytes', { algorithm: 'HS256' });
  const unsigned = jwt.sign({ ...real }, '', { algorithm: 'none' });
  const { entries } = await world.audited(async () => {
    for (const spec of CREDENTIAL_ROUTES) {
      for (const token of [undefined, 'garbage', forged, unsigned, world.desk.token.slice(0, -2)]) {
        const reply = await world.http.send(spec.method, pathOf(spec), bodyOf(spec, world), { token });
        t.deepEqual([reply.status, reply.body], [401, UNAUTHORIZED], `${spec.operationId} ${String(token).slice(0, 12)}`);
      }
      const basic = await world.http.send(spec.method, pathOf(spec), bodyOf(spec, world), {
        headers: { authorization: 'Basic Zm9vOmJhcg==' },
      });
      t.is(basic.status, 401, spec.operationId);
    }
  });
  t.deepEqual(entries, []);
});

test('an API-credential token is 403 on every bridge route, even with every API scope; nothing written', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const apiToken = await world.apiToken('all');
  const { entries } = await world.audited(async () => {
    for (const spec of CREDENTIAL_ROUTES) {
      const reply = await world.http.send(spec.method, pathOf(spec), bodyOf(spec, world), { token: apiToken });
      t.deepEqual([reply.status, reply.body.error], [403, 'FORBIDDEN'], spec.operationId);
    }
  });
  t.deepEqual(entries, []);
});

test('a game credential without scopes is 403 only on /citation, /arrest and /bolo; every other route ignores scopes', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const bare = await world.secondCredential(world.desk, []);
  for (const spec of CREDENTIAL_ROUTES) {
    const reply = await world.http.send(spec.method, pathOf(spec), bodyOf(spec, world), { token: bare.token });
    if (SCOPED[spec.operationId] !== undefined) {
      t.deepEqual(reply.body, { error: 'FORBIDDEN', message: `This route needs the scope ${SCOPED[spec.operationId]}.` }, spec.operationId);
    } else {
      t.is(reply.status, 200, `${spec.operationId} ${JSON.stringify(reply.body)}`);
    }
  }
});

for (const spec of CREDENTIAL_ROUTES) {
  const perMinute = CONTRACT_LIMITS[spec.operationId] ?? spec.rateLimit!.perMinute;
  const allowed = Math.max(1, Math.ceil(perMinute * SCALE));
  test(`${spec.operationId}: ${perMinute}/min per credential (scaled: ${allowed}); then 429 RATE_LIMITED; another credential still passes`, async (t) => {
    const { slowWorld: world, slowSecond } = t.context;
    const send = (token: string) => world.http.send(spec.method, pathOf(spec), bodyOf(spec, world), { token });
    for (let i = 0; i < allowed; i++) {
      const reply = await send(world.desk.token);
      t.is(reply.status, 200, `request ${i + 1}: ${JSON.stringify(reply.body)}`);
    }
    const limited = await send(world.desk.token);
    t.is(limited.status, 429);
    t.is(limited.body.error, 'RATE_LIMITED');
    t.deepEqual(Object.keys(limited.body).sort(), ['error', 'message']);
    t.is((await send(slowSecond.token)).status, 200, 'the other credential has its own budget');
  });
}
