import anyTest, { type TestFn } from 'ava';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { type Browser, openBrowser, checkScreen, sessionCookieIn } from '../support/browser.ts';
import { dispatchScene } from '../support/dispatch-scene.ts';
import { realtimeOnHttpPort } from '../support/http-engine.ts';
import { HOSTILE, hostileTextProblems } from '../support/hostile-text.ts';
import { expect } from '../support/operator-driver.ts';
import { GOOD_PASSWORD, browserOf, invite } from '../support/people-driver.ts';
import { assignOnBoard, inviteOnPeople } from '../support/people-pages.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * People in Chromium, as a community meets it: the bootstrap key's invitation makes the first
 * owner on `/account/`; the owner, signed in on `/admin/` with no key typed, invites a dispatcher
 * from People; the dispatcher creates an account from the address and works the dispatch board in
 * their own name; made an officer, their next board action is refused.
 */
type Context = { app: TestService; owner: Browser; dispatcher: Browser; scene: Awaited<ReturnType<typeof dispatchScene>> };
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const app = await startTestService({ realtime: realtimeOnHttpPort, rateLimitScale: 1000 });
  try {
    const scene = await dispatchScene(app, 1);
    t.context = { app, scene, owner: await openBrowser(), dispatcher: await openBrowser() };
  } catch (error) {
    await app.close();
    throw error;
  }
});
test.after.always(async (t) => {
  await t.context.owner?.close();
  await t.context.dispatcher?.close();
  await t.context.app?.close();
});

/** Opens an invitation's address and creates the account it offers. */
async function acceptInvitation(page: Page, address: string, displayName: string, username: string) {
  await page.goto(address);
  const form = page.getByRole('region', { name: 'Create your account' });
  await form.getByLabel('Display name').fill(displayName);
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(GOOD_PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
}

test.serial('the first owner accepts the bootstrap key’s invitation on /account/, and /admin/ opens signed in as them', async (t) => {
  const { app, owner, scene } = t.context;
  const token = await invite({ key: app.bootstrapKey }, app.http, scene.world.organisationId, 'owner');
  const page = await owner.context.newPage();
  await acceptInvitation(page, `${app.service.url}/account/#invitation=${encodeURIComponent(token)}`, 'Olivia Owner', 'olivia');
  t.is(new URL(page.url()).hash, '', 'the invitation leaves the address bar');
  await page.getByRole('region', { name: 'Organisations' }).getByRole('row', { name: /Owner/ }).waitFor();
  await checkScreen(t, page, 'people', 'account');
  if (process.env['SAVE_README_SCREENSHOT'] === '1')
    await page.screenshot({ path: new URL('../../docs/images/account.png', import.meta.url).pathname });

  await page.goto(`${app.service.url}/admin/`);
  await page.getByText('Signed in: Olivia Owner').waitFor();
  t.false(await page.getByLabel('Operator key', { exact: true }).isVisible(), 'no key asked for');
  await page.getByRole('button', { name: 'People' }).click();
  await page.getByRole('row', { name: /Olivia Owner.*Owner/ }).waitFor();
  await page.close();
});

test.serial(
  'the owner invites a dispatcher from People; the dispatcher joins and assigns a unit on the board in their own name',
  async (t) => {
    const { app, owner, dispatcher, scene } = t.context;
    const admin = await owner.context.newPage();
    const address = await inviteOnPeople(admin, app.service.url, 'Dispatcher');
    t.true(address.startsWith(`${app.service.url}/account/#invitation=`));
    await checkScreen(t, admin, 'people', 'admin-people');
    if (process.env['SAVE_README_SCREENSHOT'] === '1')
      await admin.screenshot({ path: new URL('../../docs/images/admin-people.png', import.meta.url).pathname, fullPage: true });

    const page = await dispatcher.context.newPage();
    await acceptInvitation(page, address, 'Dana Dispatch', 'dana');
    await page.goto(`${app.service.url}/dispatch/`);
    await page.getByText('Signed in: Dana Dispatch').waitFor();
    await page.locator('#connection', { hasText: 'Live' }).waitFor();
    const officer = scene.crew[0]!;
    const reported = await scene.report911(officer, 'Alarm at the jeweller', 120, -80);
    await assignOnBoard(page, reported.callNumber, officer.callsign);
    await checkScreen(t, page, 'people', 'dispatcher-board');

    // The audit log and the call's timeline name the person.
    const asOwner = browserOf(app.http, app.service.url, await sessionCookieIn(owner));
    const audit = expect(await asOwner.get(`/api/v1/admin/organisations/${scene.world.organisationId}/audit?limit=100`), 200) as any[];
    t.like(
      audit.find((e) => e.action === 'call.unit_assigned'),
      { actor: { kind: 'person', label: 'Dana Dispatch' } },
    );
    await page.getByLabel('Note').fill('Units rolling');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.locator('#call-notes', { hasText: 'Units rolling' }).waitFor();
    const read = expect(await asOwner.get(`/api/v1/admin/calls/${reported.callId}`), 200);
    t.like(read.notes.at(-1), { text: 'Units rolling', author: { kind: 'person', label: 'Dana Dispatch' } });
    await admin.close();
  },
);

test.serial(
  'made an officer, the dispatcher’s board closes at once: the change ended her session; signed in again, the board refuses an officer, and offers Sign in',
  async (t) => {
    const { app, owner, dispatcher } = t.context;
    // The owner makes Dana an officer on People, with the role choice in her row.
    const admin = await owner.context.newPage();
    await admin.goto(`${app.service.url}/admin/`);
    await admin.getByRole('button', { name: 'People' }).click();
    const row = admin.getByRole('row', { name: /Dana Dispatch/ });
    await row.getByRole('combobox', { name: /Role of/ }).selectOption({ label: 'Officer' });
    await admin.locator('#people-status', { hasText: /is now Officer/ }).waitFor();
    await admin.getByRole('row', { name: /Dana Dispatch.*Officer/ }).waitFor();
    await admin.close();

    // New rights, new session: the change ended Dana's, and her open board closes at once and says so.
    const page = dispatcher.context.pages().at(-1)!;
    await page.getByText('This board was closed: the access behind it has ended.').waitFor();
    t.false(await page.getByLabel('Note').isVisible(), 'no board action is left to her');

    // Signed in again, as an officer she may not watch the board (no dispatch.view), and is told why.
    await page.goto(`${app.service.url}/account/`);
    const signIn = page.getByRole('region', { name: 'Sign in' });
    await signIn.getByLabel('Username').fill('dana');
    await signIn.getByLabel('Password').fill(GOOD_PASSWORD);
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Signed in: Dana Dispatch').waitFor();
    await page.goto(`${app.service.url}/dispatch/`);
    await page.getByText('Watching this board needs dispatch.view or dispatch.manage').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    t.true(await page.getByLabel('Operator key', { exact: true }).isVisible(), 'the operator key stays as the second way in');
  },
);

test.serial(
  'a whitelist on People: a newcomer asks at the join address and waits; the owner approves them, and they sign in; a role given Dispatch holds it',
  async (t) => {
    const { app, owner } = t.context;
    const admin = await owner.context.newPage();
    t.teardown(() => admin.close());
    await admin.goto(`${app.service.url}/admin/`);
    await admin.getByRole('button', { name: 'People' }).click();
    const joiningForm = admin.getByRole('group', { name: 'Joining' });
    // The screen has read the organisation's rule and roles once the roles table shows.
    await admin.getByRole('checkbox', { name: 'Owner: Settings' }).waitFor();
    await joiningForm.getByLabel('How people join').selectOption({ label: 'They ask, and wait for approval' });
    await joiningForm.getByRole('button', { name: 'Save how people join' }).click();
    const address = (await admin.getByRole('link', { name: /\/account\/#join=/ }).textContent())!;

    const other = await openBrowser();
    try {
      const page = await other.context.newPage();
      await page.goto(address);
      const form = page.getByRole('region', { name: 'Create your account' });
      await form.getByText(/Ask to join .* waits until one of its admins approves it/).waitFor();
      await form.getByLabel('Display name').fill('Wendy Waiting');
      await form.getByLabel('Username').fill('wendy');
      await form.getByLabel('Password').fill(GOOD_PASSWORD);
      await form.getByRole('button', { name: 'Create account' }).click();
      await form.getByText('Your account is made and waits for approval').waitFor();
      await checkScreen(t, page, 'people', 'join-waiting');

      await admin.reload();
      await admin.getByRole('button', { name: 'People' }).click();
      const row = admin.getByRole('row', { name: /Wendy Waiting.*Waiting for approval/ });
      await row.getByRole('button', { name: /Approve/ }).click();
      await admin.getByRole('row', { name: /Wendy Waiting.*Civilian.*Active/ }).waitFor();

      await page.goto(`${app.service.url}/account/`);
      const signIn = page.getByRole('region', { name: 'Sign in' });
      await signIn.getByLabel('Username').fill('wendy');
      await signIn.getByLabel('Password').fill(GOOD_PASSWORD);
      await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Signed in: Wendy Waiting').waitFor();
    } finally {
      await other.close();
    }

    // Civilians given Dispatch on the Roles table hold it: the owner ticks the box and saves.
    const roles = admin.getByRole('group', { name: 'What each role may do' });
    await roles.getByRole('checkbox', { name: /Civilian: .*Dispatch/ }).check();
    await roles.getByRole('button', { name: 'Save roles' }).click();
    await admin.locator('#roles-status', { hasText: 'Roles saved' }).waitFor();
    t.true(await roles.getByRole('checkbox', { name: /Owner: .*Dispatch/ }).isDisabled(), 'the owner’s set is fixed');
    await checkScreen(t, admin, 'people', 'admin-people-roles');
    const asOwner = browserOf(app.http, app.service.url, await sessionCookieIn(owner));
    const listed = expect(await asOwner.get(`/api/v1/admin/organisations/${t.context.scene.world.organisationId}/roles`), 200);
    t.deepEqual(listed.roles.find((r: any) => r.role === 'civilian').permissions, ['dispatch.manage']);
  },
);

test.serial('hostile display names are shown as text on the account and People screens', async (t) => {
  const { app, owner, scene } = t.context;
  const asOwner = browserOf(app.http, app.service.url, await sessionCookieIn(owner));
  const page = await owner.context.newPage();
  t.teardown(() => page.close());
  const name = HOSTILE.markup;
  const token = await invite(asOwner, app.http, scene.world.organisationId, 'civilian');
  const other = await openBrowser();
  try {
    const joining = await other.context.newPage();
    await acceptInvitation(joining, `${app.service.url}/account/#invitation=${encodeURIComponent(token)}`, name, 'hostile.name');
    t.deepEqual(await hostileTextProblems(joining, [name]), []);
  } finally {
    await other.close();
  }
  await page.goto(`${app.service.url}/admin/`);
  await page.getByRole('button', { name: 'People' }).click();
  await page.getByRole('row', { name: /planted-img.*Civilian/ }).waitFor();
  t.deepEqual(await hostileTextProblems(page, [name]), []);
});

test.serial('the owner turns on an authenticator on /account/; signing in then asks for its code, and a recovery code works', async (t) => {
  const { app, owner } = t.context;
  const page = await owner.context.newPage();
  t.teardown(() => page.close());
  await page.goto(`${app.service.url}/account/`);
  const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
  await twoStep.getByRole('button', { name: 'Set up an authenticator' }).click();
  // The key is on the page once the code's field shows (the two appear together, after the answer).
  await twoStep.getByLabel('Authenticator code').waitFor();
  const key = (await twoStep.locator('#authenticator-key').textContent())!;
  const totp = new TOTP({ secret: Secret.fromBase32(key), period: 30 });
  await twoStep.getByLabel('Authenticator code').fill(totp.generate());
  await twoStep.getByRole('button', { name: 'Turn on' }).click();
  const codes = twoStep.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await codes.first().waitFor();
  t.is(await codes.count(), 10);
  const [recovery, another] = await codes.allTextContents();
  await checkScreen(t, page, 'people', 'authenticator-on');

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  const signIn = page.getByRole('region', { name: 'Sign in' });
  await signIn.getByLabel('Username').fill('olivia');
  await signIn.getByLabel('Password').fill(GOOD_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await signIn.getByLabel('Authenticator code').fill('000000');
  await signIn.getByRole('button', { name: 'Verify' }).click();
  await signIn.getByText('The code is wrong').waitFor();
  await signIn.getByLabel('Authenticator code').fill(recovery!);
  await signIn.getByRole('button', { name: 'Verify' }).click();
  await page.getByText('Signed in: Olivia Owner').waitFor();
  await page.getByText('On: signing in asks for your authenticator').waitFor();

  // A second recovery code turns it off again.
  const off = page.getByRole('form', { name: 'Turn off two-step sign-in' });
  await off.getByLabel('Code to turn it off').fill(another!);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await page.locator('#two-step-state', { hasText: 'Off: your password alone signs you in.' }).waitFor();
  await checkScreen(t, page, 'people', 'authenticator-off');
});

test.serial('on a phone-sized screen the account page and People run off no side', async (t) => {
  const { app, owner } = t.context;
  const page = await owner.context.newPage();
  t.teardown(() => page.close());
  await page.setViewportSize({ width: 390, height: 844 });
  const widthOf = () => page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number);
  await page.goto(`${app.service.url}/account/`);
  await page.getByText('Signed in: Olivia Owner').waitFor();
  t.true((await widthOf()) <= 390, `/account/: ${await widthOf()}px wide`);
  await checkScreen(t, page, 'people', 'account-phone');
  await page.goto(`${app.service.url}/admin/`);
  await page.getByRole('button', { name: 'People' }).click();
  await page.getByRole('checkbox', { name: 'Owner: Settings' }).waitFor();
  t.true((await widthOf()) <= 390, `People: ${await widthOf()}px wide`);
  await checkScreen(t, page, 'people', 'admin-people-phone');
});
