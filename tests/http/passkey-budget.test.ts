import test from 'ava';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * Passkey sign-in spends the password's budget of attempts per address (thirty a minute): asking
 * for passkey options counts, and past the budget neither a password nor a passkey is tried.
 */
let app: TestService;
test.before(async () => {
  app = await startTestService({ rateLimitScale: 1 });
});
test.after.always(() => app?.close());

test('thirty passkey options from one address leave no password attempt, and no passkey attempt, that minute', async (t) => {
  const origin = app.service.url;
  const headers = { origin };
  for (let i = 0; i < 30; i++) t.is((await app.http.post('/api/v1/auth/passkey/options', undefined, { headers })).status, 200);
  const password = await app.http.post('/api/v1/auth/sign-in', { username: 'nobody', password: 'whatever-password-1' }, { headers });
  t.is(password.status, 429);
  t.true(Number(password.headers.get('retry-after')) > 0);
  t.is((await app.http.post('/api/v1/auth/passkey/options', undefined, { headers })).status, 429);
  const passkey = await app.http.post('/api/v1/auth/passkey', { ceremony: 'x', credential: {} }, { headers });
  t.is(passkey.status, 429);
});
