import anyTest, { type TestFn } from 'ava';
import { type Browser, openBrowser, checkScreen, sessionCookieIn } from '../support/browser.ts';
import { dispatchScene } from '../support/dispatch-scene.ts';
import { realtimeOnHttpPort } from '../support/http-engine.ts';
import { type OpenIdProvider, anOpenIdProvider } from '../support/openid-provider.ts';
import { expect } from '../support/operator-driver.ts';
import { GOOD_PASSWORD, browserOf, invite } from '../support/people-driver.ts';
import { assignOnBoard, inviteOnPeople } from '../support/people-pages.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * Sign-in at an OpenID provider in Chromium, against a real one (`oidc-provider`, certified) on
 * loopback: the owner invites a dispatcher from People; the dispatcher opens the invitation's
 * address, chooses **Sign in with Test IdP**, logs in and consents on the provider's own pages, and
 * lands on `/dispatch/` signed in; the audit log names them for the join. They assign a unit and
 * write on the call's timeline in their own name; made an officer on People, their next board action
 * is refused; their account disabled, their open board is closed at the channel's next check.
 */
type Context = {
  app: TestService;
  idp: OpenIdProvider;
  owner: Browser;
  dispatcher: Browser;
  organisationId: string;
  scene: Awaited<ReturnType<typeof dispatchScene>>;
};
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const idp = await anOpenIdProvider({ dana: 'Dana Dispatch' });
  const app = await startTestService({
    realtime: realtimeOnHttpPort,
    rateLimitScale: 1000,
    // A board is judged again every half second here, so a disabled account's board is seen to close.
    dispatchRecheckMs: 500,
    externalProviders: [{ id: 'idp', name: 'Test IdP', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }],
  });
  try {
    await idp.start([`${app.service.url}/api/v1/auth/external/idp/callback`]);
    const scene = await dispatchScene(app, 1);
    t.context = {
      app,
      idp,
      scene,
      organisationId: scene.world.organisationId,
      owner: await openBrowser(),
      dispatcher: await openBrowser(),
    };
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

test.serial('every sign-in screen offers the provider; the owner joins with a password', async (t) => {
  const { app, owner, organisationId } = t.context;
  const page = await owner.context.newPage();
  await page.goto(`${app.service.url}/account/`);
  const offered = page.getByRole('link', { name: 'Sign in with Test IdP' });
  await offered.waitFor();
  t.regex((await offered.getAttribute('href'))!, /^\/api\/v1\/auth\/external\/idp\/start\?returnTo=%2Faccount%2F$/);
  await checkScreen(t, page, 'external-sign-in', 'account-signed-out');
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
  await checkScreen(t, page, 'external-sign-in', 'account-connect');
  await page.close();
});

test.serial(
  'the invited dispatcher signs in through the OpenID provider, lands on /dispatch/ and assigns a unit in their name; made an officer they are refused; disabled, their board closes',
  async (t) => {
    const { app, owner, dispatcher, organisationId } = t.context;
    const admin = await owner.context.newPage();
    const address = await inviteOnPeople(admin, app.service.url, 'Dispatcher');
    await admin.close();

    const page = await dispatcher.context.newPage();
    await page.goto(address);
    await page.getByText(/You are invited to .* as Dispatcher/).waitFor();
    await checkScreen(t, page, 'external-sign-in', 'invitation');
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
    await checkScreen(t, page, 'external-sign-in', 'dispatch');

    const asOwner = browserOf(app.http, app.service.url, await sessionCookieIn(owner));
    const audit = expect(await asOwner.get(`/api/v1/admin/organisations/${organisationId}/audit?limit=100`), 200) as any[];
    const joined = audit.find((e) => e.action === 'person.joined' && e.details?.role === 'dispatcher');
    t.like(joined, { actor: { kind: 'person', label: 'Dana Dispatch' }, details: { invited: true, signInWith: 'idp' } });

    // Their account lists the provider as connected.
    const account = await dispatcher.context.newPage();
    await account.goto(`${app.service.url}/account/`);
    await account.getByText('Connected: Test IdP').waitFor();
    await checkScreen(t, account, 'external-sign-in', 'account-connected');
    await account.close();

    // On the board, in their own name: a unit sent to a call, a note on its timeline.
    const officer = t.context.scene.crew[0]!;
    const reported = await t.context.scene.report911(officer, 'Alarm at the pawn shop', 60, -40);
    await assignOnBoard(page, reported.callNumber, officer.callsign);
    await page.getByLabel('Note').fill('Rolling from the station');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.locator('#call-notes', { hasText: 'Rolling from the station' }).waitFor();
    const after = expect(await asOwner.get(`/api/v1/admin/organisations/${organisationId}/audit?limit=100`), 200) as any[];
    t.like(
      after.find((e) => e.action === 'call.unit_assigned'),
      { actor: { kind: 'person', label: 'Dana Dispatch' } },
    );
    const call = expect(await asOwner.get(`/api/v1/admin/calls/${reported.callId}`), 200);
    t.like(call.notes.at(-1), { text: 'Rolling from the station', author: { kind: 'person', label: 'Dana Dispatch' } });

    // This community lets officers watch the board (dispatch.view) but not act on it. The owner makes
    // Dana an officer on People. New rights, new session: her board is closed at its next check.
    expect(
      await asOwner.patch(`/api/v1/admin/organisations/${organisationId}/roles`, { role: 'officer', permissions: ['dispatch.view'] }),
      200,
    );
    const people = await owner.context.newPage();
    await people.goto(`${app.service.url}/admin/`);
    await people.getByRole('button', { name: 'People' }).click();
    await people
      .getByRole('row', { name: /Dana Dispatch/ })
      .getByRole('combobox', { name: /Role of/ })
      .selectOption({ label: 'Officer' });
    await people.getByRole('row', { name: /Dana Dispatch.*Officer/ }).waitFor();
    await people.close();
    await page.getByText('This board was closed: the access behind it has ended.').waitFor();

    // She signs in again through the provider (it remembers her and her consent) and watches the
    // board read-only: every board action is refused her, with the reason.
    await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
    await page.waitForURL((url) => url.origin === t.context.idp.issuer || url.pathname === '/dispatch/');
    if (new URL(page.url()).origin === t.context.idp.issuer) {
      const login = page.getByPlaceholder('Enter any login');
      if (await login.isVisible()) {
        await login.fill('dana');
        await page.getByPlaceholder('and password').fill('anything');
        await page.getByRole('button', { name: 'Sign-in' }).click();
      }
      const proceed = page.getByRole('button', { name: 'Continue' });
      if (await proceed.isVisible()) await proceed.click();
      await page.waitForURL(`${app.service.url}/dispatch/`);
    }
    await page.locator('#connection', { hasText: 'Live' }).waitFor();
    await page.getByText('Read-only').waitFor();
    for (const name of ['New call', 'Assign unit', 'Close call'])
      t.true(await page.getByRole('button', { name }).isDisabled(), `${name} is refused an officer`);
    const refused = await browserOf(app.http, app.service.url, await sessionCookieIn(dispatcher)).post(
      `/api/v1/admin/calls/${reported.callId}/notes`,
      { text: 'Still dispatching?' },
    );
    t.is(refused.status, 403);

    // Disabled, her open board is closed at the channel's next check, and says so.
    const dana = (expect(await asOwner.get(`/api/v1/admin/organisations/${organisationId}/people`), 200) as any[]).find(
      (p) => p.displayName === 'Dana Dispatch',
    );
    expect(await asOwner.patch(`/api/v1/admin/organisations/${organisationId}/people/${dana.personId}`, { status: 'disabled' }), 200);
    await page.getByText('This board was closed: the access behind it has ended.').waitFor();
    await page.close();
  },
);
