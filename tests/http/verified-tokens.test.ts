/**
 * A bearer token verified once is not verified again until it expires (decision 0052). These
 * tests show that this changes nothing a caller can see: a token accepted on an earlier request is
 * refused with the one identical 401 as soon as its `exp` has passed, and a header that differs
 * from an accepted one by a byte is verified on its own.
 */
import anyTest, { type TestFn } from 'ava';
import jwt from 'jsonwebtoken';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import { type Credential, operatorOf, tokenFor } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

interface Context {
  app: TestService;
  clock: ManualClock;
  api: Credential;
}
const test = anyTest as TestFn<Context>;
const UNAUTHORIZED = { error: 'UNAUTHORIZED', message: 'Authentication failed.' };
const TOKEN_LIFE_MS = 12 * 60_000;

test.before(async (t) => {
  const clock = new ManualClock(new Date());
  const app = await startTestService({ clock, rateLimitScale: 100 });
  const org = await operatorOf(app.http, app.bootstrapKey).organisation();
  t.context = { app, clock, api: await org.apiCredential(['cad.unit.view']) };
});
test.after.always((t) => t.context.app.close());

test.serial('a token accepted before is refused with the identical 401 once it has expired', async (t) => {
  const { http } = t.context.app;
  // Issued by the service's clock as if 12 minutes less 5 s ago: it expires 5 s from now, time enough for
  // the two accepted requests below on a loaded machine.
  t.context.clock.advance(-(TOKEN_LIFE_MS - 5_000));
  const token = await tokenFor(http, t.context.api);
  t.context.clock.advance(TOKEN_LIFE_MS - 5_000);
  const expiresMs = (jwt.decode(token) as { exp: number }).exp * 1000;
  t.true(expiresMs > Date.now(), 'the token is still valid when first used');

  t.is((await http.get('/api/v1/units', { token })).status, 200);
  t.is((await http.get('/api/v1/units', { token })).status, 200);
  await new Promise((resolve) => setTimeout(resolve, expiresMs - Date.now() + 50));
  const late = await http.get('/api/v1/units', { token });
  t.is(late.status, 401);
  t.deepEqual(late.body, UNAUTHORIZED);
});

test.serial('a header that differs from an accepted one is verified on its own', async (t) => {
  const { http } = t.context.app;
  const good = await tokenFor(http, t.context.api);
  t.is((await http.get('/api/v1/units', { token: good })).status, 200);
  const [head, body, signature] = good.split('.') as [string, string, string];
  const claims = jwt.decode(good) as Record<string, unknown>;
  const otherOrganisation = Buffer.from(JSON.stringify({ ...claims, org: crypto.randomUUID() })).toString('base64url');
  const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`;
  for (const header of [
    `Bearer ${head}.${otherOrganisation}.${signature}`,
    `Bearer ${head}.${body}.${flipped}`,
    `bearer  ${good}`,
    `Basic ${good}`,
  ]) {
    const reply = await http.get('/api/v1/units', { headers: { authorization: header } });
    t.is(reply.status, 401, header.slice(0, 12));
    t.deepEqual(reply.body, UNAUTHORIZED);
  }
  t.is((await http.get('/api/v1/units', { token: good })).status, 200);
});
