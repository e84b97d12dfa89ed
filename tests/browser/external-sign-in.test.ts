import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import type { Page } from 'playwright-core';
import { type Browser, SCREENSHOTS, accessibilityViolations, openBrowser } from '../support/browser.ts';
import { dispatchScene } from '../support/dispatch-scene.ts';
import { realtimeOnHttpPort } from '../support/http-engine.ts';
import { type OpenIdProvider, anOpenIdProvider } from '../support/openid-provider.ts';
import { expect } from '../support/operator-driver.ts';
import { GOOD_PASSWORD, browserOf, invite } from '../support/people-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * Sign-in at an OpenID provider in Chromium, against a real one (`oidc-provider`, certified) on
 * loopback: the owner invites a dispatcher from People; the dispatcher opens the invitation's
 * address, chooses **Sign in with Test IdP**, logs in and consents on the provider's own pages, and
 * lands on `/dispatch/` signed in; the audit log names them for the join.
 */
type Context = { app: TestService; idp: OpenIdProvider; owner: Browser; dispatcher: Browser; organisationId: string };
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const idp = await anOpenIdProvider({ dana: 'Dana Dispatch' });
  const app = await startTestService({
    realtime: realtimeOnHttpPort,
    rateLimitScale: 1000,
    externalProviders: [{ id: 'idp', name: 'Test IdP', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }],
  });
  try {
    await idp.start([`${app.service.url}/api/v1/auth/external/idp/callback`]);
    const scene = await dispatchScene(app, 1);
    t.context = { app, idp, organisationId: scene.world.organisationId, owner: await openBrowser(), dispatcher: await openBrowser() };
  } catch (error) {
    await app.close();
    await idp.close();
    throw error;
  }
});
test.after.always(async (t) => {
  await t.context.owner?.close();
  await t.context.dispatcher?.close();
  await t.context.app?.close();
  await t.context.idp?.close();
});

/** Screenshots the page and checks it with axe: no serious or critical violation. */
async function screen(t: ExecutionContext<Context>, page: Page, name: string) {
  await page.screenshot({ path: new URL(`external-sign-in-${name}.png`, SCREENSHOTS).pathname, fullPage: true });
  const violations = (await accessibilityViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  t.deepEqual(violations, [], `${name}: ${JSON.stringify(violations, null, 1)}`);
}

async function cookieOf(browser: Browser): Promise<string> {
  const cookie = (await browser.context.cookies()).find((c) => c.name.endsWith('cad_session'))!;
  return `${cookie.name}=${cookie.value}`;
}

test.serial('every sign-in screen offers the provider; the owner joins with a password', async (t) => {
  const { app, owner, organisationId } = t.context;
  const page = await owner.context.newPage();
  await page.goto(`${app.service.url}/account/`);
  const offered = page.getByRole('link', { name: 'Sign in with Test IdP' });
  await offered.waitFor();
  t.regex((await offered.getAttribute('href'))!, /^\/api\/v1\/auth\/external\/idp\/start\?returnTo=%2Faccount%2F$/);
  await screen(t, page, 'account-signed-out');
  for (const [path, returnTo] of [
    ['/admin/', '%2Fadmin%2F'],
    ['/dispatch/', '%2Fdispatch%2F'],
  ] as const) {
    await page.goto(`${app.service.url}${path}`);
    const link = page.getByRole('link', { name: 'Sign in with Test IdP' });
    await link.waitFor();
    t.true((await link.getAttribute('href'))!.endsWith(`returnTo=${returnTo}`), path);
  }

  const token = await invite({ key: app.bootstrapKey }, app.http, organisationId, 'owner');
  await page.goto(`${app.service.url}/account/#invitation=${encodeURIComponent(token)}`);
  const form = page.getByRole('region', { name: 'Create your account' });
  await form.getByLabel('Display name').fill('Olivia Owner');
  await form.getByLabel('Username').fill('olivia');
  await form.getByLabel('Password').fill(GOOD_PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
  // Signed in with a password, the account offers to connect the provider.
  await page.getByRole('link', { name: 'Connect Test IdP' }).waitFor();
  await screen(t, page, 'account-connect');
  await page.close();
});

test.serial(
  'the invited dispatcher signs in through the OpenID provider and lands on /dispatch/ signed in; the audit log names them',
  async (t) => {
    const { app, owner, dispatcher, organisationId } = t.context;
    const admin = await owner.context.newPage();
    await admin.goto(`${app.service.url}/admin/`);
    await admin.getByRole('button', { name: 'People' }).click();
    await admin.getByLabel('Role', { exact: true }).selectOption({ label: 'Dispatcher' });
    await admin.getByRole('button', { name: 'Create invitation' }).click();
    const address = (await admin.getByRole('link', { name: /\/account\/#invitation=/ }).textContent())!;
    await admin.close();

    const page = await dispatcher.context.newPage();
    await page.goto(address);
    await page.getByText(/You are invited to .* as Dispatcher/).waitFor();
    await screen(t, page, 'invitation');
    await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
    // The provider's own pages (oidc-provider's development interactions): any login, then consent.
    await page.waitForURL((url) => url.origin === t.context.idp.issuer);
    await page.getByPlaceholder('Enter any login').fill('dana');
    await page.getByPlaceholder('and password').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${app.service.url}/dispatch/`);
    await page.getByText('Signed in: Dana Dispatch').waitFor();
    await page.locator('#connection', { hasText: 'Live' }).waitFor();
    await screen(t, page, 'dispatch');

    const asOwner = browserOf(app.http, app.service.url, await cookieOf(owner));
    const audit = expect(await asOwner.get(`/api/v1/admin/organisations/${organisationId}/audit?limit=100`), 200) as any[];
    const joined = audit.find((e) => e.action === 'person.joined' && e.details?.role === 'dispatcher');
    t.like(joined, { actor: { kind: 'person', label: 'Dana Dispatch' }, details: { invited: true, signInWith: 'idp' } });

    // Their account lists the provider as connected.
    await page.goto(`${app.service.url}/account/`);
    await page.getByText('Connected: Test IdP').waitFor();
    await screen(t, page, 'account-connected');
    await page.close();
  },
);
