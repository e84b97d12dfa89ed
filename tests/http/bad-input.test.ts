import anyTest, { type TestFn } from 'ava';
import { ROUTES } from '../../adapters/http-koa/routes/index.ts';
import { createMemoryPersistence, type MemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { routeWorld, wrongValue } from '../support/route-world.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

const test = anyTest as TestFn<{ app: TestService; store: MemoryPersistence; world: Awaited<ReturnType<typeof routeWorld>> }>;

test.before(async (t) => {
  const store = createMemoryPersistence();
  const app = await startTestService({ storage: { kind: 'provided', persistence: store }, rateLimitScale: 1000 });
  t.context = { app, store, world: await routeWorld(app.http, app.bootstrapKey) };
});
test.after.always((t) => t.context.app.close());

const withBody = ROUTES.filter((spec) => spec.body !== undefined);

for (const spec of withBody) {
  const properties = (spec.body!['properties'] ?? {}) as Record<string, Record<string, unknown>>;
  const required = (spec.body!['required'] ?? []) as string[];

  test.serial(`${spec.operationId}: an empty body is a 400 naming each missing field, and writes nothing`, async (t) => {
    const { world, app, store } = t.context;
    const before = await store.snapshot();
    const reply = await app.http.send(spec.method, world.pathOf(spec), {}, { token: world.tokenOf(spec) });
    t.is(reply.status, 400);
    t.is(reply.body.error, 'VALIDATION_FAILED');
    const named = reply.body.details.map((d: { field: string }) => d.field);
    for (const field of required) t.true(named.includes(field), `${field} named in ${JSON.stringify(named)}`);
    if (required.length === 0) t.true(reply.body.details.length > 0);
    t.deepEqual(await store.snapshot(), before);
  });

  test.serial(`${spec.operationId}: every field of the wrong type is named in a 400, and nothing is written`, async (t) => {
    const { world, app, store } = t.context;
    const before = await store.snapshot();
    const body = Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, wrongValue(schema)]));
    const reply = await app.http.send(spec.method, world.pathOf(spec), body, { token: world.tokenOf(spec) });
    t.is(reply.status, 400);
    const named = new Set(reply.body.details.map((d: { field: string }) => d.field.split('.')[0]));
    t.deepEqual([...named].sort(), Object.keys(properties).sort());
    t.true(reply.body.details.every((d: { in: string; message: string }) => d.in === 'body' && d.message.length > 0));
    t.deepEqual(await store.snapshot(), before);
  });

  test.serial(`${spec.operationId}: a body that is not an object is a 400`, async (t) => {
    const { world, app, store } = t.context;
    const before = await store.snapshot();
    const reply = await app.http.send(spec.method, world.pathOf(spec), ['a'], { token: world.tokenOf(spec) });
    t.deepEqual([reply.status, reply.body.error], [400, 'VALIDATION_FAILED']);
    t.deepEqual(await store.snapshot(), before);
  });
}

for (const spec of ROUTES.filter((s) => s.params !== undefined)) {
  test.serial(`${spec.operationId}: an id that is not a UUID is a 400 in the path`, async (t) => {
    const { world, app } = t.context;
    const names = Object.keys((spec.params!['properties'] ?? {}) as object);
    const override = Object.fromEntries(names.map((n) => [n, 'not-a-uuid']));
    const reply = await app.http.send(spec.method, world.pathOf(spec, override), undefined, { token: world.tokenOf(spec) });
    t.is(reply.status, 400);
    t.deepEqual(reply.body.details.map((d: { in: string; field: string }) => [d.in, d.field]).sort(), names.map((n) => ['path', n]).sort());
  });
}

for (const spec of ROUTES.filter((s) => s.query !== undefined)) {
  test.serial(`${spec.operationId}: a query value of the wrong type is a 400`, async (t) => {
    const { world, app } = t.context;
    const reply = await app.http.send(spec.method, `${world.pathOf(spec)}?limit=lots`, undefined, { token: world.tokenOf(spec) });
    t.deepEqual([reply.status, reply.body.details], [400, [{ in: 'query', field: 'limit', message: 'must be integer' }]]);
  });
}

test('unknown body fields are ignored, never bound to a record', async (t) => {
  const { world, app, store } = t.context;
  const reply = await app.http.post(
    `/api/v1/admin/organisations/${world.ids['organisationId']}/civilians`,
    { firstName: 'Lamar', lastName: 'Davis', dateOfBirth: '1988-03-03', civilianId: '0190a5b6-0000-7000-8000-000000000001', organisationId: 'x', claimedBy: 'y' },
    { token: app.bootstrapKey },
  );
  t.is(reply.status, 201);
  t.not(reply.body.civilianId, '0190a5b6-0000-7000-8000-000000000001');
  const civilians = (await store.snapshot())['civilians'] as Array<Record<string, unknown>>;
  const saved = civilians.find((c) => c['id'] === reply.body.civilianId)!;
  t.is(saved['organisationId'], world.ids['organisationId']);
  t.is(saved['claimedBy'], null);
});
