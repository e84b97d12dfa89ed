import type { ExecutionContext, TestFn } from 'ava';
import { ROUTES } from '../../adapters/http/routes/index.ts';
import type { RouteSpec } from '../../adapters/http/route-spec.ts';
import { BIDI_CONTROLS_REFUSED, NO_BIDI_CONTROLS } from '../../adapters/http/schemas.ts';
import { type StoreKind, coverageOn, representatives } from '../support/coverage.ts';
import { routeWorld, validBody, withFirstString, wrongValue } from '../support/route-world.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import { type InspectableStore, writesDuring } from '../support/write-watch.ts';

export type BadInputContext = { app: TestService; store: InspectableStore; world: Awaited<ReturnType<typeof routeWorld>> };
type Context = BadInputContext;

/**
 * Bad input anywhere gets the documented 400 and writes nothing, on the store given. Generated from
 * the route table: every route on memory and Koa; elsewhere each route's encoding cases where the
 * store is a database (NUL and broken surrogates, which PostgreSQL refuses) and the rest on one route
 * of each group (tests/support/coverage.ts). "Writes nothing" counts the store's writes during the
 * request (tests/support/write-watch.ts); each group's representative route also compares the whole
 * store before and after, the reference the counter is held to. Serial, because both judge the whole store.
 */
export function badInputSuite(test: TestFn<Context>, open: () => Promise<InspectableStore>, store: StoreKind): void {
  const coverage = coverageOn(store);
  const reference = new Set(representatives(ROUTES).map((spec) => spec.operationId));
  /** Whether the slice keeps this route's cases: all of them on `full`, one route of each group otherwise. */
  const kept = (specs: readonly RouteSpec[]) => new Set((coverage === 'full' ? specs : representatives(specs)).map((s) => s.operationId));

  test.before(async (t) => {
    const store = await open();
    const app = await startTestService({ storage: { kind: 'provided', persistence: store }, rateLimitScale: 1000 });
    t.context = { app, store, world: await routeWorld(app.http, app.bootstrapKey) };
  });
  test.after.always((t) => t.context.app?.close());

  /**
   * Sends the request and checks: a 400 VALIDATION_FAILED, with details, and no write; for a
   * reference route (and the tests not generated per route) also an unchanged dump of the store.
   */
  async function refusedWithoutWrites(
    t: ExecutionContext<Context>,
    operationId: string | null,
    method: string,
    path: string,
    body: unknown,
    token?: string,
  ) {
    const dumped = operationId === null || reference.has(operationId);
    const before = dumped ? await t.context.store.snapshot() : undefined;
    const { value: reply, writes } = await writesDuring(t.context.store, () => t.context.app.http.send(method, path, body, { token }));
    t.is(reply.status, 400, JSON.stringify(reply.body));
    t.is(reply.body?.error, 'VALIDATION_FAILED');
    t.true(Array.isArray(reply.body?.details) && reply.body.details.length > 0);
    t.deepEqual(writes, [], 'nothing written');
    if (dumped) t.deepEqual(await t.context.store.snapshot(), before);
    return reply.body as { details: Array<{ in: string; field: string; message: string }> };
  }

  test.serial('the write counter sees what a request writes: a valid civilian is counted, and stored', async (t) => {
    const { world, app, store } = t.context;
    const path = `/api/v1/admin/organisations/${world.ids['organisationId']}/civilians`;
    const body = { firstName: 'Counted', lastName: 'Write', dateOfBirth: '1991-02-03' };
    const { value: reply, writes } = await writesDuring(store, () => app.http.post(path, body, { token: app.bootstrapKey }));
    t.is(reply.status, 201);
    t.true(writes.length > 0, 'the counter saw the write');
  });

  const withBodies = ROUTES.filter((s) => s.body !== undefined);
  const wholeBodies = kept(withBodies);
  for (const spec of withBodies) {
    const properties = (spec.body!['properties'] ?? {}) as Record<string, Record<string, unknown>>;
    const required = (spec.body!['required'] ?? []) as string[];
    const whole = wholeBodies.has(spec.operationId);

    if (whole) {
      test.serial(`${spec.operationId}: an empty body is a 400 naming each missing field, and writes nothing`, async (t) => {
        const { world } = t.context;
        const { details } = await refusedWithoutWrites(t, spec.operationId, spec.method, world.pathOf(spec), {}, world.tokenOf(spec));
        for (const field of required)
          t.true(
            details.some((d) => d.field === field),
            `${field} named`,
          );
      });

      test.serial(`${spec.operationId}: every field of the wrong type is named, and nothing is written`, async (t) => {
        const { world } = t.context;
        const body = Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, wrongValue(schema)]));
        const { details } = await refusedWithoutWrites(t, spec.operationId, spec.method, world.pathOf(spec), body, world.tokenOf(spec));
        t.deepEqual([...new Set(details.map((d) => d.field.split('.')[0]))].sort(), Object.keys(properties).sort());
      });

      test.serial(`${spec.operationId}: a body that is not an object is a 400`, async (t) => {
        const { world } = t.context;
        await refusedWithoutWrites(t, spec.operationId, spec.method, world.pathOf(spec), ['a'], world.tokenOf(spec));
      });
    }

    // PostgreSQL refuses NUL and broken surrogates that memory would keep: on a database, every route.
    if (whole || store !== 'memory')
      for (const [name, text] of [
        ['a NUL character', 'bad\u0000text'],
        ['a lone surrogate', 'bad\ud800text'],
      ] as const) {
        test.serial(`${spec.operationId}: text with ${name} is a 400, and nothing is written`, async (t) => {
          const { world } = t.context;
          const body = withFirstString(await validBody(spec.operationId, world), text);
          const { details } = await refusedWithoutWrites(t, spec.operationId, spec.method, world.pathOf(spec), body, world.tokenOf(spec));
          t.deepEqual(
            details.map((d) => d.message),
            ['must be text without NUL characters or broken surrogates'],
          );
        });
      }

    if (whole)
      test.serial(`${spec.operationId}: a body nested too deeply is a 400, even in a field that would be ignored`, async (t) => {
        const { world } = t.context;
        let deep: unknown = 'bottom';
        for (let i = 0; i < 40; i++) deep = { deeper: deep };
        const body = { ...((await validBody(spec.operationId, world)) as object), deep };
        const { details } = await refusedWithoutWrites(t, spec.operationId, spec.method, world.pathOf(spec), body, world.tokenOf(spec));
        t.regex(details[0]!.message, /nest/);
      });
  }

  // Routes whose path holds ids (a provider's name in the path is not one: an unknown name is a 404 of its own).
  const idsInPath = (s: RouteSpec) =>
    Object.values((s.params?.['properties'] ?? {}) as Record<string, { format?: string }>).some((p) => p.format === 'uuid');
  const withIds = ROUTES.filter(idsInPath);
  const wholeIds = kept(withIds);
  for (const spec of withIds.filter((s) => wholeIds.has(s.operationId))) {
    const names = Object.keys((spec.params!['properties'] ?? {}) as object);
    test.serial(`${spec.operationId}: an id in upper case is read as the same id`, async (t) => {
      const { world, app } = t.context;
      const upper = Object.fromEntries(names.map((n) => [n, (world.idOf(spec, n) ?? '').toUpperCase()]));
      const reply = await app.http.send(spec.method, world.urlOf(spec, upper), await validBody(spec.operationId, world), {
        token: world.tokenOf(spec),
      });
      t.true(reply.status === 200 || reply.status === 201, `${reply.status} ${JSON.stringify(reply.body)}`);
    });

    for (const [kind, id] of [
      ['not a UUID', () => 'not-a-uuid'],
      ['a urn:uuid: id', (real: string) => `urn:uuid:${real}`],
    ] as const) {
      test.serial(`${spec.operationId}: ${kind} in the path is a 400`, async (t) => {
        const { world, app } = t.context;
        const override = Object.fromEntries(names.map((n) => [n, id(world.idOf(spec, n) ?? '')]));
        const reply = await app.http.send(spec.method, world.pathOf(spec, override), await validBody(spec.operationId, world), {
          token: world.tokenOf(spec),
        });
        t.is(reply.status, 400);
        t.deepEqual(
          reply.body.details.map((d: { in: string; field: string }) => [d.in, d.field]).sort(),
          names.map((n) => ['path', n]).sort(),
        );
      });
    }
  }

  // Names and labels (decision 0061): each field declared as one refuses a bidirectional control.
  const labelled = ROUTES.flatMap((spec) => labelFields(spec.body).map((field) => ({ spec, field })));
  test('the names and labels that refuse bidirectional controls are the ones decision 0061 lists', (t) => {
    const listed = new Set(labelled.map(({ spec, field }) => `${spec.operationId}.${field}`));
    for (const field of LABEL_FIELDS) t.true(listed.has(field), `${field} refuses bidirectional controls`);
  });
  const wholeLabels = kept(labelled.map(({ spec }) => spec));
  for (const { spec, field } of labelled.filter(({ spec }) => wholeLabels.has(spec.operationId))) {
    for (const [name, control] of [
      ['a right-to-left override', '\u202E'],
      ['a first strong isolate', '\u2068'],
      ['a zero-width joiner', '\u200D'],
      ['a right-to-left mark', '\u200F'],
    ] as const) {
      test.serial(`${spec.operationId}: ${field} with ${name} is a 400 naming it, and nothing is written`, async (t) => {
        const { world } = t.context;
        const body = withField(await validBody(spec.operationId, world), field, `Ada${control}evoL`);
        const { details } = await refusedWithoutWrites(t, spec.operationId, spec.method, world.pathOf(spec), body, world.tokenOf(spec));
        t.deepEqual(details.filter((d) => d.field === field && d.message === BIDI_CONTROLS_REFUSED).length, 1, JSON.stringify(details));
      });
    }
  }

  const queryProperties = (spec: { query?: Record<string, unknown> }) =>
    (spec.query?.['properties'] ?? {}) as Record<string, Record<string, unknown>>;

  const limited = ROUTES.filter((s) => queryProperties(s)['limit'] !== undefined);
  const wholeLimited = kept(limited);
  for (const spec of limited.filter((s) => wholeLimited.has(s.operationId))) {
    test.serial(`${spec.operationId}: a query value of the wrong type is a 400`, async (t) => {
      const { world, app } = t.context;
      const reply = await app.http.send(spec.method, `${world.pathOf(spec)}?limit=lots`, undefined, { token: world.tokenOf(spec) });
      t.deepEqual([reply.status, reply.body.details], [400, [{ in: 'query', field: 'limit', message: 'must be integer' }]]);
    });
  }

  const queryIds = ROUTES.filter((s) => Object.values(queryProperties(s)).some((p) => p['format'] === 'uuid'));
  const wholeQueryIds = kept(queryIds);
  for (const spec of queryIds.filter((s) => wholeQueryIds.has(s.operationId))) {
    test.serial(`${spec.operationId}: a query id in urn:uuid: form is a 400`, async (t) => {
      const { world, app } = t.context;
      const idField = Object.entries(queryProperties(spec)).find(([, p]) => p['format'] === 'uuid')![0];
      const reply = await app.http.send(spec.method, `${world.pathOf(spec)}?${idField}=urn:uuid:${world.ids['departmentId']}`, undefined, {
        token: world.tokenOf(spec),
      });
      t.deepEqual([reply.status, reply.body.details?.[0]?.field], [400, idField]);
    });
  }

  const queried = ROUTES.filter((s) => ((s.query?.['required'] ?? []) as string[]).length > 0);
  const wholeQueried = kept(queried);
  for (const spec of queried.filter((s) => wholeQueried.has(s.operationId))) {
    test.serial(`${spec.operationId}: a query without its required fields is a 400 naming each, and writes nothing`, async (t) => {
      const { world } = t.context;
      const { details } = await refusedWithoutWrites(t, spec.operationId, spec.method, world.pathOf(spec), undefined, world.tokenOf(spec));
      t.deepEqual(
        details.map((d) => [d.in, d.field]).sort(),
        ((spec.query!['required'] ?? []) as string[]).map((f) => ['query', f]).sort(),
      );
    });
  }

  test.serial('unknown body fields are ignored, never bound to a record', async (t) => {
    const { world, app, store } = t.context;
    const planted = '0190a5b6-0000-7000-8000-000000000001';
    const reply = await app.http.post(
      `/api/v1/admin/organisations/${world.ids['organisationId']}/civilians`,
      {
        firstName: 'Lamar',
        lastName: 'Davis',
        dateOfBirth: '1988-03-03',
        civilianId: planted,
        id: planted,
        organisationId: 'x',
        claimedBy: 'y',
        __proto__: { admin: true },
      },
      { token: app.bootstrapKey },
    );
    t.is(reply.status, 201);
    t.not(reply.body.civilianId, planted);
    const civilians = (await store.snapshot())['civilians'] as Array<Record<string, unknown>>;
    const saved = civilians.find((c) => c['id'] === reply.body.civilianId)!;
    const column = (camel: string, snake: string) => (camel in saved ? saved[camel] : saved[snake]);
    t.is(column('claimedBy', 'claimed_by'), null);
    t.is(column('organisationId', 'organisation_id'), world.ids['organisationId']);
  });

  test.serial('a PATCH that changes nothing (only unknown fields) is a 400, and nothing is written', async (t) => {
    const { world } = t.context;
    await refusedWithoutWrites(
      t,
      null,
      'PATCH',
      `/api/v1/admin/organisations/${world.ids['organisationId']}`,
      { nonsense: 1 },
      t.context.app.bootstrapKey,
    );
    await refusedWithoutWrites(t, null, 'PATCH', `/api/v1/admin/units/${world.ids['unitId']}`, { nonsense: 1 }, t.context.app.bootstrapKey);
  });

  test.serial('bodies are UTF-8: another declared charset is a 415, bytes that are not UTF-8 a 400, and nothing is stored', async (t) => {
    const { world, app, store } = t.context;
    const path = `/api/v1/admin/organisations/${world.ids['organisationId']}/civilians`;
    const civilian = (firstName: string) => `{"firstName":"${firstName}","lastName":"Silva","dateOfBirth":"1990-01-01"}`;
    const sent = (bytes: Uint8Array, contentType: string) =>
      app.http.post(path, undefined, { raw: bytes, token: app.bootstrapKey, headers: { 'content-type': contentType } });
    const before = await store.snapshot();
    const latin1 = Buffer.from(civilian('Jos\xe9'), 'latin1');
    for (const charset of ['latin1', 'ISO-8859-1', 'utf-16']) {
      const reply = await sent(latin1, `application/json; charset=${charset}`);
      t.deepEqual([reply.status, reply.body.error], [415, 'UNSUPPORTED_MEDIA_TYPE'], charset);
    }
    for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
      const reply = await sent(latin1, contentType);
      t.deepEqual(reply.body, {
        error: 'VALIDATION_FAILED',
        message: 'The body is not readable JSON.',
        details: [{ in: 'body', field: '', message: 'is not valid UTF-8' }],
      });
      t.is(reply.status, 400);
    }
    // A truncated sequence and an overlong encoding of '/', inside an otherwise valid body.
    for (const broken of [
      [0xe2, 0x82],
      [0xc0, 0xaf],
    ]) {
      const [head, tail] = civilian('Jos%').split('%') as [string, string];
      const bytes = Buffer.concat([Buffer.from(head), Buffer.from(broken), Buffer.from(tail)]);
      t.is((await sent(bytes, 'application/json')).status, 400);
    }
    t.deepEqual(await store.snapshot(), before);
    for (const charset of ['UTF-8', 'utf8']) {
      const reply = await sent(Buffer.from(civilian('Jos\u00e9')), `application/json; charset=${charset}`);
      t.deepEqual([reply.status, reply.body.firstName], [201, 'Jos\u00e9'], charset);
    }
  });

  test.serial('a gzip-encoded body that is not gzip is a 400, not a 500', async (t) => {
    const { world } = t.context;
    const reply = await t.context.app.http.post('/api/v1/integrations/token', undefined, {
      raw: JSON.stringify(await validBody('exchangeApiToken', world)),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    t.deepEqual([reply.status, reply.body.error], [400, 'VALIDATION_FAILED']);
  });
}

/** Names and labels that decision 0061 lists, as `operationId.field`; the route table may add more. */
const LABEL_FIELDS = [
  'createOrganisation.name',
  'updateOrganisation.name',
  'createDepartment.name',
  'createCredential.label',
  'createOperatorKey.label',
  'createCharacter.firstName',
  'createCharacter.lastName',
  'addDepartmentMember.callsign',
  'updateUnit.callsign',
  'bridgeSyncDuty.characterName',
  'bridgeSyncDuty.jobLabel',
  'bridgeSyncDuty.gradeLabel',
  'bridgeSyncVehicle.vehicle.make',
  'bridgeSyncVehicle.vehicle.model',
  'bridgeSyncVehicle.vehicle.color',
  'registerVehicle.make',
  'registerVehicle.model',
  'registerVehicle.color',
  'signUp.displayName',
];

/** The fields of a body schema (nested objects as `a.b`) declared as names or labels. */
function labelFields(schema: Record<string, unknown> | undefined, prefix = ''): string[] {
  const properties = (schema?.['properties'] ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(properties).flatMap(([name, property]) => {
    const variants = [property, ...(((property['anyOf'] as Record<string, unknown>[] | undefined) ?? []) as Record<string, unknown>[])];
    if (variants.some((v) => v['pattern'] === NO_BIDI_CONTROLS)) return [`${prefix}${name}`];
    return property['type'] === 'object' ? labelFields(property, `${prefix}${name}.`) : [];
  });
}

/** The body with the field at `path` (dotted) set to `value`, the objects on the way kept or made. */
function withField(body: unknown, path: string, value: string): unknown {
  const [head, ...rest] = path.split('.');
  const object = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return { ...object, [head!]: rest.length === 0 ? value : withField(object[head!], rest.join('.'), value) };
}
