import type { TestFn } from 'ava';
import type { RouteSpec } from '../../adapters/http/route-spec.ts';
import { coverageOnTransport, routesFor } from '../support/coverage.ts';
import { ROUTES } from '../../adapters/http/routes/index.ts';
import { BRIDGE } from '../support/bridge-driver.ts';
import type { HttpReply } from '../support/http-client.ts';
import { expect } from '../support/operator-driver.ts';
import { routeWorld, validBody } from '../support/route-world.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import type { InspectableStore } from '../support/write-watch.ts';

type World = Awaited<ReturnType<typeof routeWorld>>;
export type MdtIsolationContext = { app: TestService; store: InspectableStore; home: World; away: World; basic: string };

const NOWHERE = '0190a5b6-0000-7000-8000-00000000dead';
const succeeded = (reply: HttpReply) => reply.status === 200 || reply.status === 201;
const isMdt = (spec: RouteSpec) => spec.guard.kind === 'mdt';
const isWrite = (spec: RouteSpec) => spec.guard.kind === 'mdt' && spec.guard.tier === 'full';

/** A read-only session: a player put on duty and off again through `/duty`, handed off as off duty. */
async function basicSession(world: World): Promise<string> {
  const identifiers = { license: `license:basic-${world.ids['organisationId']}` };
  await world.onDuty(identifiers);
  const post = (path: string, body: unknown) => world.http.post(`${BRIDGE}${path}`, body, { token: world.tokens.game });
  expect(await post('/duty', { identifiers, departmentSlug: world.bridge.slug, onDuty: false }), 200);
  const handoff = expect(await post('/mdt-handoff', { identifiers, departmentSlug: world.bridge.slug, onDuty: false }), 200);
  return expect(await world.http.post('/api/v1/auth/mdt-handoff/exchange', { token: handoff.token }), 200).sessionToken as string;
}

/**
 * MDT sessions reach their own organisation only, a read-only one writes nothing, and an MDT
 * session is no credential anywhere else (nor any other credential on the MDT routes). Generated
 * from the route table, on the store given. Serial: "writes nothing" compares the whole store.
 */
export function mdtIsolationSuite(test: TestFn<MdtIsolationContext>, open: () => Promise<InspectableStore>): void {
  const coverage = coverageOnTransport();
  test.before(async (t) => {
    const store = await open();
    const app = await startTestService({ storage: { kind: 'provided', persistence: store }, rateLimitScale: 1000 });
    const home = await routeWorld(app.http, app.bootstrapKey);
    const away = await routeWorld(app.http, app.bootstrapKey);
    t.context = { app, store, home, away, basic: await basicSession(home) };
  });
  test.after.always((t) => t.context.app?.close());

  const mdtRoutes = ROUTES.filter(isMdt);

  test.serial('the route table has MDT routes, reads and writes', (t) => {
    t.true(mdtRoutes.length >= 11);
    t.true(mdtRoutes.filter(isWrite).length >= 4);
  });

  // (a) Path ids of another organisation are absent.
  for (const spec of routesFor(
    coverage,
    mdtRoutes.filter((s) => s.params !== undefined),
  )) {
    test.serial(
      `${spec.operationId}: another organisation's id is 404 NOT_FOUND, as if it did not exist, and writes nothing`,
      async (t) => {
        const { app, store, home, away } = t.context;
        const body = await validBody(spec.operationId, away);
        const before = await store.snapshot();
        const foreign = await app.http.send(spec.method, away.pathOf(spec), body, { token: home.tokens.mdt });
        t.deepEqual([foreign.status, foreign.body?.error], [404, 'NOT_FOUND'], JSON.stringify(foreign.body));
        t.deepEqual(await store.snapshot(), before, 'nothing written');
        const nowhere = Object.fromEntries(Object.keys(away.ids).map((name) => [name, NOWHERE]));
        const absent = await app.http.send(spec.method, away.pathOf(spec, nowhere), body, { token: home.tokens.mdt });
        t.deepEqual(absent.body, foreign.body, 'the same answer as an id that exists nowhere');
        const own = await app.http.send(spec.method, away.pathOf(spec), await validBody(spec.operationId, away), {
          token: away.tokens.mdt,
        });
        t.true(succeeded(own), `${own.status} ${JSON.stringify(own.body)}`);
      },
    );
  }

  // (b) What a session reads names its own organisation's records only (a sign-out reads nothing,
  // and would end the session the others use: its own suite covers it).
  for (const spec of routesFor(
    coverage,
    mdtRoutes.filter((s) => !isWrite(s) && s.operationId !== 'mdtSignOut'),
  )) {
    test.serial(`${spec.operationId}: a session reads nothing of another organisation`, async (t) => {
      const { app, home, away } = t.context;
      const reply = await app.http.send(spec.method, home.pathOf(spec), await validBody(spec.operationId, home), {
        token: home.tokens.mdt,
      });
      t.true(succeeded(reply), `${reply.status} ${JSON.stringify(reply.body)}`);
      const text = JSON.stringify(reply.body);
      for (const name of ['organisationId', 'departmentId', 'callId', 'unitId', 'civilianId', 'vehicleId', 'boloId'])
        t.false(text.includes(away.ids[name]!), `no ${name} of the other organisation`);
    });
  }

  // (c) Only an MDT session passes an MDT route.
  for (const spec of routesFor(coverage, mdtRoutes)) {
    test.serial(`${spec.operationId}: a game token, an API token and an operator key are the same 401, and write nothing`, async (t) => {
      const { app, store, home } = t.context;
      const body = await validBody(spec.operationId, home);
      const before = await store.snapshot();
      for (const bearer of [home.tokens.game, home.tokens.api, app.bootstrapKey]) {
        const reply = await app.http.send(spec.method, home.pathOf(spec), body, { token: bearer });
        t.deepEqual([reply.status, reply.body], [401, { error: 'UNAUTHORIZED', message: 'Authentication failed.' }]);
      }
      t.deepEqual(await store.snapshot(), before, 'nothing written');
    });
  }

  // (d) A read-only session writes nothing.
  for (const spec of routesFor(coverage, mdtRoutes.filter(isWrite))) {
    test.serial(`${spec.operationId}: a basic session gets 403 FORBIDDEN saying why, and writes nothing`, async (t) => {
      const { app, store, home, basic } = t.context;
      const body = await validBody(spec.operationId, home);
      const before = await store.snapshot();
      const reply = await app.http.send(spec.method, home.pathOf(spec), body, { token: basic });
      t.deepEqual([reply.status, reply.body?.error], [403, 'FORBIDDEN'], JSON.stringify(reply.body));
      t.regex(reply.body.message, /read-only/);
      t.deepEqual(await store.snapshot(), before, 'nothing written');
    });
  }

  // (e) An MDT session is no credential anywhere else.
  for (const spec of routesFor(
    coverage,
    ROUTES.filter((s) => !isMdt(s) && s.guard.kind !== 'public'),
  )) {
    test.serial(`${spec.operationId}: an MDT session is a 401 and writes nothing`, async (t) => {
      const { app, store, home } = t.context;
      const body = await validBody(spec.operationId, home);
      const before = await store.snapshot();
      const reply = await app.http.send(spec.method, home.pathOf(spec), body, { token: home.tokens.mdt });
      t.deepEqual([reply.status, reply.body?.error], [401, 'UNAUTHORIZED'], JSON.stringify(reply.body));
      t.deepEqual(await store.snapshot(), before, 'nothing written');
    });
  }
}
