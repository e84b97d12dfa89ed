import anyTest, { type TestFn } from 'ava';
import { type Operator, expect, operatorOf, tokenFor } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import { schemaProblem } from '../fuzz/schema-check.ts';
import type { JsonSchema } from '../fuzz/schema-arbitrary.ts';

const test = anyTest as TestFn<{ app: TestService; operator: Operator; bodies: { credential: JsonSchema; bolo: JsonSchema } }>;

/**
 * Decision 0035: the published request schemas state the rules between fields. A body that breaks
 * one fails the published schema and gets the use case's documented refusal; a body the schema
 * accepts is not refused by such a rule. (The fuzzer checks the second half on generated bodies.)
 */
test.before(async (t) => {
  const app = await startTestService({ rateLimitScale: 100 });
  const document = expect(await app.http.get('/api/v1/openapi.json'), 200) as {
    paths: Record<string, Record<string, { requestBody?: { content: { 'application/json': { schema: JsonSchema } } } }>>;
  };
  const bodyOf = (path: string) => document.paths[path]!['post']!.requestBody!.content['application/json'].schema;
  const bodies = {
    credential: bodyOf('/api/v1/admin/organisations/{organisationId}/credentials'),
    bolo: bodyOf('/api/v1/records/bolos'),
  };
  t.context = { app, operator: operatorOf(app.http, app.bootstrapKey), bodies };
});
test.after.always((t) => t.context.app.close());

test('credentials: the kind rules are in the published schema, and a body that breaks one keeps its documented refusal', async (t) => {
  const org = await t.context.operator.organisation();
  const departmentId = await org.department();
  const schema = t.context.bodies.credential;
  const broken = [
    [{ kind: 'game', label: 'x' }, 'departmentId'],
    [{ kind: 'game', label: 'x', departmentId: null }, 'departmentId'],
    [{ kind: 'generic_api_key', label: 'x', departmentId, scopes: ['cad.unit.view'] }, 'departmentId'],
    [{ kind: 'generic_api_key', label: 'x', scopes: ['cad.*'] }, 'scopes'],
    [{ kind: 'generic_api_key', label: 'x', scopes: ['game.citation.issue'] }, 'scopes'],
    [{ kind: 'game', label: 'x', departmentId, scopes: ['cad.unit.view'] }, 'scopes'],
    [{ kind: 'generic_api_key', label: 'x', scopes: [] }, 'scopes'],
    [{ kind: 'generic_api_key', label: 'x' }, 'scopes'],
    [{ kind: 'generic_api_key', label: 'x', scopes: [], allScopes: false }, 'scopes'],
  ] as const;
  for (const [body, field] of broken) {
    t.not(schemaProblem(schema, body), null, `the published schema refuses ${JSON.stringify(body)}`);
    const reply = await t.context.operator.post(`/organisations/${org.organisationId}/credentials`, body);
    t.deepEqual([reply.status, reply.body.error, reply.body.details?.[0]?.field], [400, 'VALIDATION_FAILED', field], JSON.stringify(body));
  }
  const fine = [
    { kind: 'game', label: 'x', departmentId },
    { kind: 'game', label: 'x', departmentId, scopes: ['game.bolo.trigger'], allScopes: false },
    { kind: 'game', label: 'x', departmentId, allScopes: true },
    { kind: 'generic_api_key', label: 'x', scopes: ['cad.unit.view'] },
    { kind: 'generic_api_key', label: 'x', departmentId: null, scopes: ['cad.unit.view'], allScopes: false },
    { kind: 'generic_api_key', label: 'x', allScopes: true },
    { kind: 'generic_api_key', label: 'x', scopes: [], allScopes: true },
  ];
  for (const body of fine) {
    t.is(schemaProblem(schema, body), null, JSON.stringify(body));
    t.is((await t.context.operator.post(`/organisations/${org.organisationId}/credentials`, body)).status, 201, JSON.stringify(body));
  }
});

test('BOLOs from an API credential: the published schema needs a subject, as the route does', async (t) => {
  const { app, operator, bodies } = t.context;
  const org = await operator.organisation();
  const departmentId = await org.department();
  const vehicle = expect(await operator.post(`/organisations/${org.organisationId}/vehicles`, { plate: 'BOLO1' }), 201);
  const token = await tokenFor(app.http, await org.apiCredential(['records.bolo.create']));
  const terms = {
    issuingDepartmentId: departmentId,
    severity: 'HIGH',
    scope: 'COMMUNITY',
    subjectDescription: 'blue coupe',
    reason: 'hit and run',
  };

  t.not(schemaProblem(bodies.bolo, terms), null);
  const none = await app.http.post('/api/v1/records/bolos', terms, { token });
  t.deepEqual(
    [none.status, none.body.details],
    [400, [{ in: 'body', field: 'subjectCivilianId', message: 'name a subject: subjectCivilianId, subjectVehicleId or both' }]],
  );
  const withVehicle = { ...terms, subjectVehicleId: vehicle.vehicleId };
  t.is(schemaProblem(bodies.bolo, withVehicle), null);
  t.is((await app.http.post('/api/v1/records/bolos', withVehicle, { token })).status, 201);
});
