import anyTest, { type TestFn } from 'ava';
import type { CDPSession, Page } from 'playwright-core';
import { type Browser, openBrowser, checkScreen } from '../support/browser.ts';
import { operatorOf } from '../support/operator-driver.ts';
import { GOOD_PASSWORD, invite } from '../support/people-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * Passkeys in Chromium, with its virtual authenticator (a platform authenticator that keeps
 * discoverable credentials and verifies its user): a person adds a passkey on `/account/`, signs
 * `localhost`, since a WebAuthn relying party id is a host name, never an IP address.
 */
type Context = { app: TestService; browser: Browser; base: string; organisationId: string };
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const app = await startTestService({ rateLimitScale: 1000 });
  try {
    const { organisationId } = await operatorOf(app.http, app.bootstrapKey).organisation();
    const base = app.service.url.replace('127.0.0.1', 'localhost');
    t.context = { app, base, organisationId, browser: await openBrowser() };
  } catch (error) {
    await app.close();
    throw error;
  }
});
test.after.always(async (t) => {
  await t.context.browser?.close();
  await t.context.app?.close();
});

/** Chromium's virtual authenticator on the page, as a phone's or laptop's built-in one. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

test.serial('a person adds a passkey on /account/, signs out, signs in with it, and removes it', async (t) => {
  const { app, base, organisationId, browser } = t.context;
  const token = await invite({ key: app.bootstrapKey }, app.http, organisationId, 'owner');
  const page = await browser.context.newPage();
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await page.goto(`${base}/account/#invitation=${encodeURIComponent(token)}`);
  const form = page.getByRole('region', { name: 'Create your account' });
  await form.getByLabel('Display name').fill('Pia Passkey');
  await form.getByLabel('Username').fill('pia');
  await form.getByLabel('Password').fill(GOOD_PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByText('No passkey yet.').waitFor();

  await passkeys.getByLabel('Passkey name').fill('Work laptop');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await passkeys.getByRole('row', { name: /Work laptop/ }).waitFor();
  await passkeys.getByText('Added Work laptop').waitFor();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  t.is(credentials.length, 1);
  t.true(credentials[0]!.isResidentCredential, 'a discoverable credential');
  t.is(credentials[0]!.rpId, 'localhost');
  await checkScreen(t, page, 'passkeys', 'account');

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  const signIn = page.getByRole('region', { name: 'Sign in' });
  await signIn.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
  await checkScreen(t, page, 'passkeys', 'sign-in');
  await signIn.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.getByText('Signed in: Pia Passkey').waitFor();
  const cookie = (await browser.context.cookies()).find((c) => c.name.endsWith('cad_session'));
  t.true(cookie?.httpOnly, 'the session cookie a password sign-in sets');
  const { credentials: used } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  t.true(used[0]!.signCount > credentials[0]!.signCount, 'the authenticator counted the signature, and the service took it');

  await passkeys
    .getByRole('row', { name: /Work laptop/ })
    .getByRole('button', { name: 'Remove' })
    .click();
  await passkeys.getByText('No passkey yet.').waitFor();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await signIn.getByRole('button', { name: 'Sign in with a passkey' }).click();
  // The authenticator still holds the key, but the service forgot it: no sign-in.
  await signIn.getByText('This passkey did not sign you in').waitFor();
  t.false(await page.getByText('Signed in: Pia Passkey').isVisible());
  await page.close();
});
