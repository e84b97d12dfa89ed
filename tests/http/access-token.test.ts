import anyTest, { type TestFn } from 'ava';
import jwt from 'jsonwebtoken';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import { type Credential, type Operator, expect, operatorOf, tokenFor } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

interface Context {
  app: TestService;
  operator: Operator;
  clock: ManualClock;
  game: Credential;
  api: Credential;
  departmentId: string;
}
const test = anyTest as TestFn<Context>;
const VEHICLE = '/api/v1/integrations/game/vehicle';
const vehicleSync = {
  identifiers: { license: 'license:abc123' },
  vehicle: { plate: '12ABC345', make: 'Bravado', model: 'Buffalo', color: 'black' },
};

test.before(async (t) => {
  const clock = new ManualClock(new Date());
  const app = await startTestService({ clock, rateLimitScale: 100 });
  const operator = operatorOf(app.http, app.bootstrapKey);
  const org = await operator.organisation();
  const departmentId = await org.department();
  await org.member(departmentId, '1-ADAM-1');
  t.context = { app, operator, clock, departmentId, game: await org.gameCredential(departmentId), api: await org.apiCredential('all') };
});
test.after.always((t) => t.context.app.close());

test('an API token reads its organisation units; a game token syncs a vehicle', async (t) => {
  const { http } = t.context.app;
  const units = await http.get('/api/v1/units', { token: await tokenFor(http, t.context.api) });
  t.is(units.status, 200);
  t.like(units.body, [
    { unitLabel: '1-ADAM-1', departmentId: t.context.departmentId, status: 'OFF_DUTY', isActive: true, assignment: null },
  ]);
  const synced = await http.post(VEHICLE, vehicleSync, { token: await tokenFor(http, t.context.game) });
  t.is(synced.status, 200);
  t.like(synced.body, { synced: true, created: true });
});

test('a game token on an API route and an API token on a bridge route are 403', async (t) => {
  const { http } = t.context.app;
  const onApi = await http.get('/api/v1/units', { token: await tokenFor(http, t.context.game) });
  t.deepEqual([onApi.status, onApi.body.error], [403, 'FORBIDDEN']);
  const onBridge = await http.post(VEHICLE, vehicleSync, { token: await tokenFor(http, t.context.api) });
  t.deepEqual([onBridge.status, onBridge.body.error], [403, 'FORBIDDEN']);
});

test('an API token without the route scope is 403', async (t) => {
  const { http } = t.context.app;
  const org = await t.context.operator.organisation();
  const narrow = await org.apiCredential(['cad.call.view']);
  const reply = await http.get('/api/v1/units', { token: await tokenFor(http, narrow) });
  t.deepEqual(reply.body, { error: 'FORBIDDEN', message: 'This route needs the scope cad.unit.view.' });
});

test('revocation is passive: a token issued before it works until it expires', async (t) => {
  const { http } = t.context.app;
  const org = await t.context.operator.organisation();
  const credential = await org.apiCredential(['cad.unit.view']);
  const token = await tokenFor(http, credential);
  expect(await t.context.operator.post(`/credentials/${credential.clientId}/revoke`), 200);
  t.is((await http.get('/api/v1/units', { token })).status, 200);
});

// Serial: it moves the shared clock back to mint an expired token.
test.serial('missing, malformed, expired, wrongly signed and unsigned tokens all get one identical 401', async (t) => {
  const { http } = t.context.app;
  const good = await tokenFor(http, t.context.api);
  const claims = jwt.decode(good) as Record<string, unknown>;
  t.context.clock.advance(-13 * 60_000);
  const expired = await tokenFor(http, t.context.api);
  t.context.clock.advance(13 * 60_000);
  const forged = jwt.sign({ ...claims }, 'another key entirely, 32 bytes long', { algorithm: 'HS256' });
  const unsigned = jwt.sign({ ...claims }, '', { algorithm: 'none' });
  const tampered = `${good.split('.')[0]}.${Buffer.from(JSON.stringify({ ...claims, org: 'other' })).toString('base64url')}.${good.split('.')[2]}`;
  const attempts: Array<Record<string, string>> = [
    {},
    { authorization: 'Bearer' },
    { authorization: `Basic ${good}` },
    { authorization: 'Bearer not.a.jwt' },
    { authorization: `Bearer ${expired}` },
    { authorization: `Bearer ${forged}` },
    { authorization: `Bearer ${unsigned}` },
    { authorization: `Bearer ${tampered}` },
  ];
  for (const headers of attempts) {
    const reply = await http.get('/api/v1/units', { headers });
    t.is(reply.status, 401, JSON.stringify(headers));
    t.deepEqual(reply.body, { error: 'UNAUTHORIZED', message: 'Authentication failed.' });
  }
});

test('an organisation sees only its own units', async (t) => {
  const { http } = t.context.app;
  const other = await t.context.operator.organisation();
  await other.member(await other.department('bcso'), 'X-1');
  const units = await http.get('/api/v1/units', { token: await tokenFor(http, t.context.api) });
  t.false(units.body.some((u: { unitLabel: string }) => u.unitLabel === 'X-1'));
  const filtered = await http.get(`/api/v1/units?departmentId=${t.context.departmentId}&isActive=true&limit=1`, {
    token: await tokenFor(http, await other.apiCredential(['cad.unit.view'])),
  });
  t.deepEqual(filtered.body, []);
});
