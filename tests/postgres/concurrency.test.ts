import anyTest, { type TestFn } from 'ava';
import { createCadCore } from '../../composition/core.ts';
import { httpClient } from '../support/http-client.ts';
import { type Operator, expect, operatorOf, tokenFor } from '../support/operator-driver.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

const test = anyTest as TestFn<{ a: TestService; b: TestService; operator: Operator; schema: string; url: string }>;

whenPostgres(test, 'concurrency on PostgreSQL', (url) => {
  const schema = freshSchemaName('concurrency');

  test.before(async (t) => {
    const storage = { kind: 'postgres', url, schema } as const;
    const a = await startTestService({ storage, rateLimitScale: 1000 });
    const b = await startTestService({ storage, rateLimitScale: 1000, bootstrapKey: a.bootstrapKey });
    t.context = { a, b, operator: operatorOf(a.http, a.bootstrapKey), schema, url };
  });
  test.after.always(async (t) => {
    await t.context.a?.close();
    await t.context.b?.close();
    await dropSchema(url, schema);
  });

  test('two instances on one database share keys: a token from one is accepted by the other', async (t) => {
    const org = await t.context.operator.organisation();
    const credential = await org.apiCredential(['cad.unit.view']);
    const token = await tokenFor(t.context.a.http, credential);
    t.is((await t.context.b.http.get('/api/v1/units', { token })).status, 200);
    t.is(
      (await t.context.a.http.post('/api/v1/integrations/token', { clientId: credential.clientId, clientSecret: credential.clientSecret }))
        .status,
      200,
    );
  });

  test('20 concurrent first syncs of one new plate, across two instances, make one vehicle', async (t) => {
    const org = await t.context.operator.organisation();
    const credential = await org.gameCredential(await org.department());
    const token = await tokenFor(t.context.a.http, credential);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? t.context.a : t.context.b).http.post(
          '/api/v1/integrations/game/vehicle',
          { identifiers: { license: `license:${i}` }, vehicle: { plate: i % 3 ? 'RACE 01' : 'race01', make: 'Pfister' } },
          { token },
        ),
      ),
    );
    t.deepEqual(new Set(replies.map((r) => r.status)), new Set([200]));
    t.is(new Set(replies.map((r) => r.body.vehicleId)).size, 1);
    t.is(replies.filter((r) => r.body.created).length, 1);
    const audit = await org.audit();
    t.is(audit.filter((e) => e.action === 'vehicle.registered').length, 1);
    t.is(audit.filter((e) => e.action === 'vehicle.synced').length, 19);
  });

  test('10 concurrent additions of one callsign to a department: one unit gets it, the rest a 409', async (t) => {
    const org = await t.context.operator.organisation();
    const departmentId = await org.department();
    const characters = await Promise.all(Array.from({ length: 10 }, () => org.character()));
    const replies = await Promise.all(
      characters.map(({ characterId }, i) =>
        (i % 2 ? t.context.a : t.context.b).http.post(
          `/api/v1/admin/departments/${departmentId}/members`,
          { characterId, callsign: '9-DAVID-9' },
          { token: t.context.a.bootstrapKey },
        ),
      ),
    );
    t.deepEqual(replies.map((r) => r.status).sort(), [201, ...Array(9).fill(409)]);
    t.true(replies.filter((r) => r.status === 409).every((r) => r.body.error === 'CONFLICT'));
  });

  test('four replicas starting at once on a new database migrate once and create exactly one bootstrap key', async (t) => {
    const storage = { kind: 'postgres', url: t.context.url, schema: freshSchemaName('bootstrap') } as const;
    t.teardown(() => dropSchema(t.context.url, storage.schema));
    const cores = await Promise.all(Array.from({ length: 4 }, () => createCadCore({ storage })));
    t.teardown(() => Promise.all(cores.map((c) => c.close())));
    const keys = (await Promise.all(cores.map((core) => core.useCases.ensureBootstrapKey.execute()))).filter((k) => k !== null);
    t.is(keys.length, 1);
    for (const core of cores) t.true((await core.useCases.authenticateOperator.execute(keys[0]!))?.isBootstrap);
  });

  test('a revocation racing 10 rotations on two instances is never lost', async (t) => {
    const org = await t.context.operator.organisation();
    const credential = await org.apiCredential(['cad.unit.view']);
    const key = t.context.a.bootstrapKey;
    const calls = Array.from({ length: 11 }, (_, i) =>
      (i % 2 ? t.context.a : t.context.b).http.post(
        `/api/v1/admin/credentials/${credential.clientId}/${i === 5 ? 'revoke' : 'rotate'}`,
        undefined,
        { token: key },
      ),
    );
    const replies = await Promise.all(calls);
    t.is(replies[5]!.status, 200);
    const rotated = replies.filter((r, i) => i !== 5 && r.status === 200).map((r) => r.body.clientSecret as string);
    const listed = expect(await t.context.operator.get(`/organisations/${org.organisationId}/credentials`), 200);
    t.is(listed[0].status, 'revoked');
    for (const clientSecret of [credential.clientSecret, ...rotated]) {
      const exchanged = await t.context.a.http.post('/api/v1/integrations/token', { clientId: credential.clientId, clientSecret });
      t.is(exchanged.status, 401);
    }
  });

  test('an HTTP service runs on PostgreSQL end to end', async (t) => {
    const http = httpClient(t.context.b.service.url);
    const org = await operatorOf(http, t.context.b.bootstrapKey).organisation();
    await org.member(await org.department('ems'), 'MEDIC-1');
    const units = expect(await http.get('/api/v1/units', { token: await tokenFor(http, await org.apiCredential('all')) }), 200);
    t.like(units, [{ unitLabel: 'MEDIC-1', status: 'OFF_DUTY' }]);
    t.is(expect(await http.get('/readyz'), 200).status, 'ready');
  });
});
