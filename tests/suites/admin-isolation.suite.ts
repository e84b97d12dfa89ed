import type { TestFn } from 'ava';
import { coverageOnTransport, routesFor } from '../support/coverage.ts';
import { ROUTES } from '../../adapters/http/routes/index.ts';
import { OPERATOR_PERMISSIONS, grants } from '../../domain/operator/operator-key.ts';
import { expect } from '../support/operator-driver.ts';
import { routeWorld, validBody } from '../support/route-world.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

import type { InspectableStore } from '../support/write-watch.ts';

type World = Awaited<ReturnType<typeof routeWorld>>;
export type IsolationContext = { app: TestService; store: InspectableStore; home: World; away: World; homeKey: string };

/**
 * Operator keys of one organisation reach nothing of another, on the store given; generated from
 * the route table. Serial: "writes nothing" compares the whole store before and after.
 */
export function adminIsolationSuite(test: TestFn<IsolationContext>, open: () => Promise<InspectableStore>): void {
  const coverage = coverageOnTransport();
  test.before(async (t) => {
    const store = await open();
    const app = await startTestService({ storage: { kind: 'provided', persistence: store }, rateLimitScale: 1000 });
    const home = await routeWorld(app.http, app.bootstrapKey);
    const away = await routeWorld(app.http, app.bootstrapKey);
    const { key } = await home.org.operatorKey([...OPERATOR_PERMISSIONS], 'home admin');
    t.context = { app, store, home, away, homeKey: key };
  });
  test.after.always((t) => t.context.app?.close());

  const operatorRoutes = ROUTES.filter((spec) => spec.guard.kind === 'operator');

  for (const spec of routesFor(
    coverage,
    operatorRoutes.filter((s) => s.params !== undefined),
  )) {
    test.serial(`${spec.operationId}: another organisation's key gets 404, as if it did not exist, and writes nothing`, async (t) => {
      const { app, store, away, homeKey } = t.context;
      const body = await validBody(spec.operationId, away);
      const before = await store.snapshot();
      const reply = await app.http.send(spec.method, away.urlOf(spec), body, { token: homeKey });
      t.is(reply.status, 404);
      t.is(reply.body.error, 'NOT_FOUND');
      t.deepEqual(await store.snapshot(), before);
    });

    test.serial(`${spec.operationId}: an id that exists nowhere is 404 even for the bootstrap key`, async (t) => {
      const { app, home } = t.context;
      const nowhere = Object.fromEntries(Object.keys(home.ids).map((name) => [name, '0190a5b6-0000-7000-8000-00000000dead']));
      const reply = await app.http.send(spec.method, home.urlOf(spec, nowhere), await validBody(spec.operationId, home), {
        token: app.bootstrapKey,
      });
      t.deepEqual([reply.status, reply.body.error], [404, 'NOT_FOUND']);
    });
  }

  for (const spec of routesFor(coverage, operatorRoutes)) {
    const permission = spec.guard.kind === 'operator' ? spec.guard.permission : 'bootstrap';
    if (permission === 'any') {
      test.serial(`${spec.operationId}: answers any operator key, even one without a permission`, async (t) => {
        const { app, home } = t.context;
        const { key } = await home.org.operatorKey([], 'no permission');
        const reply = await app.http.send(spec.method, home.urlOf(spec), await validBody(spec.operationId, home), { token: key });
        t.is(reply.status, 200, JSON.stringify(reply.body));
      });
      continue;
    }
    test.serial(`${spec.operationId}: needs ${permission}, and succeeds with it`, async (t) => {
      const { app, home } = t.context;
      // Every permission that does not grant this one (`dispatch.manage` grants `dispatch.view`).
      const others = OPERATOR_PERMISSIONS.filter((p) => permission === 'bootstrap' || !grants([p], permission));
      const { key: without } = await home.org.operatorKey(others, `all but ${permission}`);
      const denied = await app.http.send(spec.method, home.urlOf(spec), await validBody(spec.operationId, home), { token: without });
      t.deepEqual([denied.status, denied.body.error], [403, 'FORBIDDEN']);
      const holder = permission === 'bootstrap' ? app.bootstrapKey : (await home.org.operatorKey([permission], `only ${permission}`)).key;
      const allowed = await app.http.send(spec.method, home.urlOf(spec), await validBody(spec.operationId, home), { token: holder });
      t.true(allowed.status === 200 || allowed.status === 201, `${allowed.status} ${JSON.stringify(allowed.body)}`);
    });
  }

  // A person's own routes, the same way: another organisation's person (its owner, even) reaches none of these ids.
  const ownRoutes = ROUTES.filter((spec) => spec.guard.kind === 'person' && /:(characterId|vehicleId|organisationId)\b/.test(spec.path));
  for (const spec of routesFor(coverage, ownRoutes)) {
    test.serial(`${spec.operationId}: another organisation's person gets 404 for these ids, and nothing is written`, async (t) => {
      const { app, store, home, away } = t.context;
      const body = await validBody(spec.operationId, away);
      const before = await store.snapshot();
      const reply = await app.http.send(spec.method, away.pathOf(spec), body, { token: home.tokens.person });
      t.deepEqual([reply.status, reply.body.error], [404, 'NOT_FOUND']);
      t.deepEqual(await store.snapshot(), before);
    });
  }

  test.serial('a missing or unknown operator key is the same 401 on every operator route', async (t) => {
    const { app, home } = t.context;
    for (const spec of operatorRoutes) {
      for (const token of [undefined, 'cad_op_unknown', home.tokens.api]) {
        const reply = await app.http.send(spec.method, home.urlOf(spec), await validBody(spec.operationId, home), { token });
        t.deepEqual(reply.body, { error: 'UNAUTHORIZED', message: 'Authentication failed.' }, `${spec.operationId} ${token}`);
      }
    }
  });

  test.serial('references in a body to another organisation are refused as unknown, and write nothing', async (t) => {
    const { app, store, home, away, homeKey } = t.context;
    const attempts = [
      [
        `/organisations/${home.ids['organisationId']}`,
        'PATCH',
        { emergencyDepartmentId: away.ids['departmentId'] },
        'emergencyDepartmentId',
      ],
      [
        `/departments/${home.ids['departmentId']}/members`,
        'POST',
        { characterId: away.ids['characterId'], callsign: 'Z-9' },
        'characterId',
      ],
      [
        `/organisations/${home.ids['organisationId']}/credentials`,
        'POST',
        { kind: 'game', label: 'x', departmentId: away.ids['departmentId'] },
        'departmentId',
      ],
      [
        `/organisations/${home.ids['organisationId']}/vehicles`,
        'POST',
        { plate: 'CROSS1', ownerCivilianId: away.ids['civilianId'] },
        'ownerCivilianId',
      ],
      [
        `/organisations/${home.ids['organisationId']}/vehicles/${home.ids['vehicleId']}`,
        'PATCH',
        { ownerCivilianId: away.ids['civilianId'] },
        'ownerCivilianId',
      ],
      [`/characters/${home.ids['characterId']}/owner`, 'POST', { personId: away.ids['personId'] }, 'personId'],
      [
        `/organisations/${home.ids['organisationId']}/warrants`,
        'POST',
        { civilianId: away.ids['civilianId'], status: 'ACTIVE' },
        'civilianId',
      ],
    ] as const;
    const before = await store.snapshot();
    for (const [path, method, body, field] of attempts) {
      const reply = await app.http.send(method, `/api/v1/admin${path}`, body, { token: homeKey });
      t.is(reply.status, 400, path);
      t.deepEqual(
        reply.body.details.map((d: { field: string }) => d.field),
        [field],
      );
    }
    t.deepEqual(await store.snapshot(), before);
  });

  test.serial('an organisation key never founds organisations nor publishes releases', async (t) => {
    const { app, homeKey } = t.context;
    const org = await app.http.post('/api/v1/admin/organisations', { name: 'rogue' }, { token: homeKey });
    t.deepEqual([org.status, org.body.error], [403, 'FORBIDDEN']);
    const release = await app.http.post(
      '/api/v1/admin/releases',
      { resourceSlug: 'x', version: '1.0.0', manifest: {} },
      { token: homeKey },
    );
    t.deepEqual([release.status, release.body.error], [403, 'FORBIDDEN']);
    expect(await app.http.post('/api/v1/admin/organisations', { name: 'legit' }, { token: app.bootstrapKey }), 201);
  });
}
