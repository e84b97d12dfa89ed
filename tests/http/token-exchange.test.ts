import anyTest, { type TestFn } from 'ava';
import jwt from 'jsonwebtoken';
import { type Operator, expect, operatorOf } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

const test = anyTest as TestFn<{ app: TestService; operator: Operator }>;
const GAME = '/api/v1/integrations/game/token';
const API = '/api/v1/integrations/token';

// Each test gets its own service, so the per-address exchange budget starts fresh.
test.beforeEach(async (t) => {
  const app = await startTestService();
  t.context = { app, operator: operatorOf(app.http, app.bootstrapKey) };
});
test.afterEach.always((t) => t.context.app.close());

test('a game credential exchanges on the bridge path for a 720 s bearer JWT', async (t) => {
  const org = await t.context.operator.organisation();
  const credential = await org.gameCredential(await org.department());
  const reply = await t.context.app.http.post(GAME, { clientId: credential.clientId, clientSecret: credential.clientSecret });
  t.is(reply.status, 200);
  t.deepEqual(Object.keys(reply.body).sort(), ['accessToken', 'expiresIn', 'tokenType']);
  t.is(reply.body.tokenType, 'Bearer');
  t.is(reply.body.expiresIn, 720);
  const claims = jwt.decode(reply.body.accessToken) as Record<string, unknown>;
  t.is((claims['exp'] as number) - (claims['iat'] as number), 720);
  t.is(claims['sub'], credential.clientId);
  t.is(reply.headers.get('cache-control'), 'no-store');
});

test('an API credential exchanges on the API path', async (t) => {
  const credential = await (await t.context.operator.organisation()).apiCredential(['cad.unit.view']);
  const reply = await t.context.app.http.post(API, { clientId: credential.clientId, clientSecret: credential.clientSecret });
  t.is(reply.status, 200);
  t.is(reply.body.expiresIn, 720);
});

test('unknown id, wrong secret, revoked credential, wrong path and a non-UUID id get one identical 401', async (t) => {
  const { http } = t.context.app;
  const org = await t.context.operator.organisation();
  const game = await org.gameCredential(await org.department());
  const revoked = await org.apiCredential(['cad.unit.view']);
  expect(await t.context.operator.post(`/credentials/${revoked.clientId}/revoke`), 200);
  const attempts = [
    [API, { clientId: '0190a5b6-0000-7000-8000-000000000000', clientSecret: game.clientSecret }],
    [GAME, { clientId: game.clientId, clientSecret: `${game.clientSecret}x` }],
    [API, { clientId: revoked.clientId, clientSecret: revoked.clientSecret }],
    [API, { clientId: game.clientId, clientSecret: game.clientSecret }],
    [GAME, { clientId: 'not-a-uuid', clientSecret: game.clientSecret }],
  ] as const;
  const replies = [];
  for (const [path, body] of attempts) replies.push(await http.post(path, body));
  for (const reply of replies) {
    t.is(reply.status, 401);
    t.deepEqual(reply.body, { error: 'UNAUTHORIZED', message: 'Authentication failed.' });
    t.deepEqual(headerNames(reply.headers), headerNames(replies[0]!.headers));
  }
});

test('the 11th exchange in a minute from one address is RATE_LIMITED, counting both paths and failures', async (t) => {
  const { http } = t.context.app;
  const credential = await (await t.context.operator.organisation()).apiCredential(['cad.unit.view']);
  const good = { clientId: credential.clientId, clientSecret: credential.clientSecret };
  const statuses = [];
  for (let i = 0; i < 5; i++) statuses.push((await http.post(API, good)).status);
  for (let i = 0; i < 5; i++) statuses.push((await http.post(GAME, { ...good, clientSecret: 'wrong' })).status);
  t.deepEqual(statuses, [200, 200, 200, 200, 200, 401, 401, 401, 401, 401]);
  const eleventh = await http.post(API, good);
  t.is(eleventh.status, 429);
  t.deepEqual(eleventh.body, { error: 'RATE_LIMITED', message: 'Too many requests.' });
  t.truthy(eleventh.headers.get('retry-after'));
});

test('a rotated secret replaces the old one at once', async (t) => {
  const { http } = t.context.app;
  const credential = await (await t.context.operator.organisation()).apiCredential(['cad.unit.view']);
  const { clientSecret } = expect(await t.context.operator.post(`/credentials/${credential.clientId}/rotate`), 200);
  t.not(clientSecret, credential.clientSecret);
  t.is((await http.post(API, { clientId: credential.clientId, clientSecret: credential.clientSecret })).status, 401);
  t.is((await http.post(API, { clientId: credential.clientId, clientSecret })).status, 200);
});

test('a malformed exchange body is a 400 naming each bad field, not a 401', async (t) => {
  const reply = await t.context.app.http.post(GAME, { clientId: 42 });
  t.is(reply.status, 400);
  t.is(reply.body.error, 'VALIDATION_FAILED');
  t.deepEqual(reply.body.details.map((d: { field: string }) => d.field).sort(), ['clientId', 'clientSecret']);
});

test('a body that is not JSON is 400; one sent as another media type is 415; one too large is 413', async (t) => {
  const { http } = t.context.app;
  const broken = await http.post(GAME, undefined, { raw: '{"clientId": ' });
  t.is(broken.status, 400);
  t.is(broken.body.error, 'VALIDATION_FAILED');
  const form = await http.post(GAME, undefined, {
    raw: 'clientId=a&clientSecret=b',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  t.deepEqual([form.status, form.body.error], [415, 'UNSUPPORTED_MEDIA_TYPE']);
  const huge = await http.post(GAME, { clientId: 'a', clientSecret: 'x'.repeat(600 * 1024) });
  t.deepEqual([huge.status, huge.body.error], [413, 'PAYLOAD_TOO_LARGE']);
});

function headerNames(headers: Headers): string[] {
  return [...headers.keys()].filter((name) => name !== 'date').sort();
}
