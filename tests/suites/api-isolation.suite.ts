import type { TestFn } from 'ava';
import type { RouteSpec } from '../../adapters/http/route-spec.ts';
import { coverageOnTransport, routesFor } from '../support/coverage.ts';
import { ROUTES } from '../../adapters/http/routes/index.ts';
import { UuidV7IdGenerator } from '../../adapters/system/uuid-v7-id-generator.ts';
import { grantOf } from '../../domain/credential/access-grant.ts';
import { Credential, type CredentialKind } from '../../domain/credential/credential.ts';
import { API_SCOPES, type Scope } from '../../domain/credential/scope.ts';
import type { CredentialId, DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';
import type { HttpReply } from '../support/http-client.ts';
import { apiClientOf } from '../support/operator-driver.ts';
import { routeWorld, validBody } from '../support/route-world.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import type { InspectableStore } from '../support/write-watch.ts';

type World = Awaited<ReturnType<typeof routeWorld>>;
export type ApiIsolationContext = { app: TestService; store: InspectableStore; home: World; away: World };

const NOWHERE = '0190a5b6-0000-7000-8000-00000000dead';

/** Which world id an id-taking list filter is given. */
const FILTER_IDS: Record<string, string> = {
  departmentId: 'departmentId',
  issuingDepartmentId: 'departmentId',
  civilianId: 'civilianId',
  registeredOwnerCivilianId: 'civilianId',
};

const scopeOf = (spec: RouteSpec) => (spec.guard.kind === 'credential' ? spec.guard.scope : undefined);
const succeeded = (reply: HttpReply) => reply.status === 200 || reply.status === 201;
/** The rows of a plain-array list or of a page. */
const rowsOf = (body: unknown): Array<Record<string, unknown>> =>
  Array.isArray(body) ? body : ((body as { items?: Array<Record<string, unknown>> })?.items ?? []);

/**
 * API credentials (`generic_api_key`) reach their own organisation only, and each route only with
 * its one scope; a game credential reaches none of them. Generated from the route table, on the
 * store given. Serial: "writes nothing" compares the whole store before and after.
 */
export function apiIsolationSuite(test: TestFn<ApiIsolationContext>, open: () => Promise<InspectableStore>): void {
  const coverage = coverageOnTransport();
  test.before(async (t) => {
    const store = await open();
    const app = await startTestService({ storage: { kind: 'provided', persistence: store }, rateLimitScale: 1000 });
    const home = await routeWorld(app.http, app.bootstrapKey);
    const away = await routeWorld(app.http, app.bootstrapKey);
    t.context = { app, store, home, away };
  });
  test.after.always((t) => t.context.app?.close());

  const apiRoutes = ROUTES.filter((spec) => spec.guard.kind === 'credential' && spec.guard.credential === 'generic_api_key');

  test.serial('the route table has API routes, each naming exactly one API scope', (t) => {
    t.true(apiRoutes.length >= 16);
    for (const spec of apiRoutes) t.true((API_SCOPES as readonly string[]).includes(scopeOf(spec) ?? ''), spec.operationId);
  });

  // (a) The scope matrix.
  for (const spec of routesFor(coverage, apiRoutes)) {
    const scope = scopeOf(spec)!;
    test.serial(
      `${spec.operationId}: a credential holding only ${scope} succeeds; one holding every other API scope gets 403 and writes nothing`,
      async (t) => {
        const { app, store, home } = t.context;
        const others = API_SCOPES.filter((s) => s !== scope);
        const without = await apiClientOf(app.http, await home.org.apiCredential(others, `all but ${scope}`));
        const only = await apiClientOf(app.http, await home.org.apiCredential([scope], `only ${scope}`));
        const body = await validBody(spec.operationId, home);
        const before = await store.snapshot();
        const denied = await app.http.send(spec.method, home.pathOf(spec), body, { token: without.token });
        t.deepEqual([denied.status, denied.body?.error], [403, 'FORBIDDEN'], JSON.stringify(denied.body));
        t.deepEqual(await store.snapshot(), before, 'the refusal wrote nothing');
        const allowed = await app.http.send(spec.method, home.pathOf(spec), await validBody(spec.operationId, home), { token: only.token });
        t.true(succeeded(allowed), `${allowed.status} ${JSON.stringify(allowed.body)}`);
      },
    );
  }

  // (b) Path ids of another organisation are absent.
  for (const spec of routesFor(
    coverage,
    apiRoutes.filter((s) => s.params !== undefined),
  )) {
    test.serial(
      `${spec.operationId}: another organisation's id is 404 NOT_FOUND, as if it did not exist, and writes nothing`,
      async (t) => {
        const { app, store, home, away } = t.context;
        const body = await validBody(spec.operationId, away);
        const before = await store.snapshot();
        const foreign = await app.http.send(spec.method, away.pathOf(spec), body, { token: home.tokens.api });
        t.deepEqual([foreign.status, foreign.body?.error], [404, 'NOT_FOUND'], JSON.stringify(foreign.body));
        t.deepEqual(await store.snapshot(), before, 'nothing written');
        const nowhere = Object.fromEntries(Object.keys(away.ids).map((name) => [name, NOWHERE]));
        const absent = await app.http.send(spec.method, away.pathOf(spec, nowhere), body, { token: home.tokens.api });
        t.deepEqual(absent.body, foreign.body, 'the same answer as an id that exists nowhere');
        // The id is real: its own organisation reaches it.
        const own = await app.http.send(spec.method, away.pathOf(spec), await validBody(spec.operationId, away), {
          token: away.tokens.api,
        });
        t.true(succeeded(own), `${own.status} ${JSON.stringify(own.body)}`);
      },
    );
  }

  // (c) List filters naming another organisation's ids select nothing.
  for (const spec of routesFor(coverage, apiRoutes)) {
    const properties = (spec.query?.['properties'] ?? {}) as Record<string, Record<string, unknown>>;
    for (const [filter] of Object.entries(properties).filter(([, p]) => p['format'] === 'uuid')) {
      test.serial(`${spec.operationId}: ${filter} of another organisation lists nothing of it`, async (t) => {
        const { app, home, away } = t.context;
        const idName = FILTER_IDS[filter];
        if (idName === undefined) return t.fail(`no world id known for the filter ${filter}`);
        const path = `${away.pathOf(spec)}?${filter}=${away.ids[idName]}`;
        const theirs = await app.http.get(path, { token: away.tokens.api });
        t.is(theirs.status, 200);
        t.true(rowsOf(theirs.body).length > 0, 'the filter selects rows in its own organisation');
        const reply = await app.http.get(path, { token: home.tokens.api });
        t.is(reply.status, 200, JSON.stringify(reply.body));
        t.deepEqual(rowsOf(reply.body), []);
        t.false(JSON.stringify(reply.body).includes(away.ids['organisationId']!));
      });
    }
  }

  test.serial('lists without filters show only the own organisation', async (t) => {
    const { app, home, away } = t.context;
    for (const spec of apiRoutes.filter((s) => s.method === 'GET' && s.params === undefined)) {
      const reply = await app.http.get(spec.path, { token: home.tokens.api });
      t.is(reply.status, 200, spec.operationId);
      const rows = rowsOf(reply.body);
      t.true(rows.length > 0, `${spec.operationId} lists the own rows`);
      t.false(JSON.stringify(reply.body).includes(away.ids['organisationId']!), spec.operationId);
      for (const row of rows) if ('organisationId' in row) t.is(row['organisationId'], home.ids['organisationId'], spec.operationId);
    }
  });

  // (d) A game credential is refused on kind, whatever scopes it carries.
  test.serial('a game credential (made through the admin route) is 403 on every API route, and writes nothing', async (t) => {
    const { app, store, home } = t.context;
    for (const spec of apiRoutes) {
      const body = await validBody(spec.operationId, home);
      const before = await store.snapshot();
      const reply = await app.http.send(spec.method, home.pathOf(spec), body, { token: home.tokens.game });
      t.deepEqual([reply.status, reply.body?.error], [403, 'FORBIDDEN'], `${spec.operationId} ${JSON.stringify(reply.body)}`);
      t.deepEqual(await store.snapshot(), before, `${spec.operationId} wrote nothing`);
    }
  });

  test.serial('a game credential holding every API scope is 403 on every API route and writes nothing; its API twin passes', async (t) => {
    const { app, store, home } = t.context;
    const ids = new UuidV7IdGenerator();
    const now = new Date();
    // The admin route refuses API scopes on a game credential, so it is put in the store directly,
    // and its token is minted by the service's own signer, as an exchange of it would be. Its twin
    // differs in kind only (no department), and must pass: the refusal is on kind, not on scope.
    const minted = async (kind: CredentialKind, departmentId: string | null) => {
      const credential = Credential.restore({
        id: ids.next<CredentialId>(),
        organisationId: home.ids['organisationId'] as OrganisationId,
        kind,
        departmentId: departmentId as DepartmentId | null,
        scopes: [...API_SCOPES] as Scope[],
        label: `${kind} with every API scope`,
        secretHash: 'never exchanged',
        createdAt: now,
        rotatedAt: null,
        revokedAt: null,
      });
      await store.uow.run(() => store.credentials.save(credential));
      const grant = grantOf(credential.snapshot());
      if (grant === null) throw new Error('a credential of that kind cannot exist');
      return app.service.core.accessTokens.issue(grant, now).accessToken;
    };
    const game = await minted('game', home.ids['departmentId']!);
    const twin = await minted('generic_api_key', null);
    for (const spec of apiRoutes) {
      const body = await validBody(spec.operationId, home);
      const before = await store.snapshot();
      const refused = await app.http.send(spec.method, home.pathOf(spec), body, { token: game });
      t.deepEqual([refused.status, refused.body?.error], [403, 'FORBIDDEN'], `${spec.operationId} ${JSON.stringify(refused.body)}`);
      t.deepEqual(await store.snapshot(), before, `${spec.operationId} wrote nothing`);
      const passed = await app.http.send(spec.method, home.pathOf(spec), await validBody(spec.operationId, home), { token: twin });
      t.true(succeeded(passed), `${spec.operationId} with the API twin: ${passed.status} ${JSON.stringify(passed.body)}`);
    }
  });
}
