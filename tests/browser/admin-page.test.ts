import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import type { Page } from 'playwright-core';
import { API_SCOPES, BRIDGE_SCOPES } from '../../domain/credential/scope.ts';
import { BRIDGE } from '../support/bridge-driver.ts';
import { type Browser, SCREENSHOTS, accessibilityViolations, openBrowser } from '../support/browser.ts';
import { expect } from '../support/operator-driver.ts';

/** Another party's text as an option shows it among the page's words: between Unicode isolates. */
const isolated = (text: string) => `\u2068${text}\u2069`;
import { type TestService, startTestService } from '../support/test-service.ts';

/** One operator's session through the page, step by step: each test starts where the last ended. */
type Context = {
  app: TestService;
  browser: Browser;
  page: Page;
  secrets: Record<string, { clientId: string; clientSecret: string }>;
  /** How the operator answers the page's confirmations. */
  confirm: { yes: boolean };
};
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const app = await startTestService({ rateLimitScale: 100 });
  const browser = await openBrowser().catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  const page = await browser.context.newPage();
  const confirm = { yes: true };
  page.on('dialog', (dialog) => void (confirm.yes ? dialog.accept() : dialog.dismiss()));
  await page.goto(`${app.service.url}/admin/`);
  t.context = { app, browser, page, secrets: {}, confirm };
});
test.after.always(async (t) => {
  await t.context.browser?.close();
  await t.context.app?.close();
});

/** Screenshots the screen and checks it with axe: no serious or critical violation. */
async function screen(t: ExecutionContext<Context>, name: string) {
  await t.context.page.screenshot({ path: new URL(`${name}.png`, SCREENSHOTS).pathname, fullPage: true });
  const violations = (await accessibilityViolations(t.context.page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  t.deepEqual(violations, [], `${name}: ${JSON.stringify(violations, null, 1)}`);
}

const exchange = (t: ExecutionContext<Context>, path: string, credential: { clientId: string; clientSecret: string }) =>
  t.context.app.http.post(path, { clientId: credential.clientId, clientSecret: credential.clientSecret });

/** Creates a credential through the form and reads the id and secret it shows once. */
async function createCredential(page: Page, kind: 'game' | 'generic_api_key', label: string, department?: string) {
  // Scoped to its form: the operator keys screen has a Label of its own.
  await page.getByRole('group', { name: 'New credential' }).getByLabel('Label', { exact: true }).fill(label);
  await page.getByLabel('Kind', { exact: true }).selectOption(kind);
  if (department !== undefined) await page.getByLabel('Department', { exact: true }).selectOption({ label: department });
  await page.getByLabel('Select all scopes').check();
  const scopes = kind === 'game' ? BRIDGE_SCOPES : API_SCOPES;
  for (const scope of scopes) {
    if (!(await page.getByLabel(scope, { exact: true }).isChecked())) throw new Error(`${scope} was not ticked by select-all`);
  }
  await page.getByRole('button', { name: 'Create credential' }).click();
  await page.getByRole('row', { name: new RegExp(label) }).waitFor();
  const secret = page.getByLabel('Client secret', { exact: true });
  await secret.waitFor();
  return { clientId: await page.getByLabel('Client ID', { exact: true }).inputValue(), clientSecret: await secret.inputValue() };
}

test.serial(
  'signs in with the bootstrap key, kept in the tab only, and creates an organisation, which offers its first owner',
  async (t) => {
    const { page, app } = t.context;
    await page.getByLabel('Operator key').waitFor();
    await screen(t, '01-sign-in');
    await page.getByLabel('Operator key').fill(app.bootstrapKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Organisations' }).waitFor();
    await screen(t, '02-organisations');
    await page.getByLabel('Organisation name').fill('Los Santos RP');
    await page.getByRole('button', { name: 'Create organisation' }).click();
    // A new organisation has nobody yet: People comes first, with Owner chosen for the invitation.
    await page.getByRole('heading', { name: 'People' }).waitFor();
    await page.getByText('Create the first owner', { exact: false }).waitFor();
    t.is(await page.getByLabel('Role', { exact: true }).inputValue(), 'owner');
    await page.getByRole('button', { name: 'Credentials' }).click();
    await page.getByRole('heading', { name: 'Credentials' }).waitFor();
    const stored = await page.evaluate(() => {
      const browser = globalThis as any;
      return { session: { ...browser.sessionStorage }, local: browser.localStorage.length, cookies: browser.document.cookie };
    });
    t.is(stored.session['cad.operatorKey'], app.bootstrapKey);
    t.deepEqual([stored.local, stored.cookies], [0, '']);
  },
);

test.serial('onboarding: a department is created and another deactivated; a character becomes a member with a callsign', async (t) => {
  const { page } = t.context;
  await page.getByRole('button', { name: 'Onboarding' }).click();
  for (const [slug, name] of [
    ['lspd', 'Los Santos Police'],
    ['old-unit', 'Retired'],
  ]) {
    await page.getByLabel('Slug').fill(slug!);
    await page.getByLabel('Name', { exact: true }).fill(name!);
    await page.getByRole('button', { name: 'Create department' }).click();
    await page.getByRole('cell', { name: slug, exact: true }).waitFor();
  }
  await page.getByRole('button', { name: 'Deactivate old-unit' }).click();
  await page.getByRole('button', { name: 'Activate old-unit' }).waitFor();
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByRole('button', { name: 'Create character' }).click();
  await page.getByRole('cell', { name: 'Jane Doe', exact: true }).waitFor();
  await page.getByLabel('Character', { exact: true }).selectOption({ label: 'Jane Doe' });
  await page.getByLabel('Member of department').selectOption({ label: `${isolated('Los Santos Police')} (${isolated('lspd')})` });
  await page.getByLabel('Callsign').fill('1-ADAM-12');
  await page.getByRole('button', { name: 'Add member' }).click();
  await page.getByRole('cell', { name: 'lspd: 1-ADAM-12' }).waitFor();
  t.false(
    await page
      .getByLabel('Member of department')
      .getByRole('option', { name: /old-unit/ })
      .count()
      .then(Boolean),
  );
  await screen(t, '03-onboarding');
});

test.serial('a game credential gets its department and the three game scopes through select-all', async (t) => {
  const { page, app } = t.context;
  await page.getByRole('button', { name: 'Credentials' }).click();
  const game = await createCredential(page, 'game', 'FiveM server', `${isolated('Los Santos Police')} (${isolated('lspd')})`);
  t.regex(game.clientSecret, /^cad_cs_/);
  t.context.secrets['game'] = game;
  await screen(t, '04-credential-secret');
  const listed = expect(await app.http.get(`/api/v1/admin/me`, { token: app.bootstrapKey }), 200);
  t.true(listed.bootstrap);
  t.is((await exchange(t, `${BRIDGE}/token`, game)).status, 200);
  await page.getByRole('button', { name: 'I have stored it' }).click();
  t.is(await page.getByLabel('Client secret', { exact: true }).count(), 1);
  t.true(await page.locator('#secret-panel').isHidden());
});

test.serial('a player is linked with the link code the page shows, and goes on duty in the department', async (t) => {
  const { page, app } = t.context;
  await page.getByRole('button', { name: 'Onboarding' }).click();
  await page.getByRole('button', { name: 'Issue link code for Jane Doe' }).click();
  const code = (await page.locator('#link-code .code').textContent()) ?? '';
  t.regex(code, /\S{5,}/);
  t.regex((await page.locator('#link-code').textContent()) ?? '', /before/);
  const token = expect(await exchange(t, `${BRIDGE}/token`, t.context.secrets['game']!), 200).accessToken as string;
  const identifiers = { license: 'license:jane-doe-1' };
  const linked = expect(await app.http.post(`${BRIDGE}/identity/link`, { identifiers, code }, { token }), 200);
  t.like(linked, { linked: true, displayName: 'Jane Doe' });
  const duty = expect(await app.http.post(`${BRIDGE}/duty`, { identifiers, departmentSlug: 'lspd', onDuty: true }, { token }), 200);
  t.like(duty, { synced: true });
  await screen(t, '05-link-code');
});

test.serial('an API credential with every scope ticked exchanges its secret and reads /units', async (t) => {
  const { page, app } = t.context;
  await page.getByRole('button', { name: 'Credentials' }).click();
  const api = await createCredential(page, 'generic_api_key', 'Dashboard');
  t.context.secrets['api'] = api;
  const { accessToken } = expect(await exchange(t, '/api/v1/integrations/token', api), 200);
  const units = await app.http.get('/api/v1/units', { token: accessToken });
  t.is(units.status, 200);
  t.deepEqual(units.body.items?.map((u: { callsign: string }) => u.callsign) ?? units.body.map((u: { callsign: string }) => u.callsign), [
    '1-ADAM-12',
  ]);
  await page.getByRole('button', { name: 'I have stored it' }).click();
  const row = page.getByRole('row', { name: /Dashboard/ });
  t.false(((await row.textContent()) ?? '').includes(api.clientSecret), 'the list never shows a secret');
  await screen(t, '06-credentials');
  if (process.env['SAVE_README_SCREENSHOT'] === '1') {
    await page.screenshot({ path: new URL('../../docs/images/admin-credentials.png', import.meta.url).pathname, fullPage: true });
  }
});

test.serial('rotating shows a new secret once; the old one is refused at once', async (t) => {
  const { page } = t.context;
  const old = t.context.secrets['api']!;
  await page
    .getByRole('row', { name: /Dashboard/ })
    .getByRole('button', { name: 'Rotate' })
    .click();
  const secret = page.getByLabel('Client secret', { exact: true });
  // The field was emptied by "I have stored it": wait for the new secret itself, not for any change.
  await page.waitForFunction((before) => {
    const value = (globalThis as any).document.getElementById('client-secret').value;
    return value !== '' && value !== before;
  }, old.clientSecret);
  const rotated = { clientId: old.clientId, clientSecret: await secret.inputValue() };
  t.not(rotated.clientSecret, old.clientSecret);
  t.is((await exchange(t, '/api/v1/integrations/token', old)).status, 401);
  t.is((await exchange(t, '/api/v1/integrations/token', rotated)).status, 200);
  t.context.secrets['api'] = rotated;
  await page.getByRole('button', { name: 'I have stored it' }).click();
});

test.serial('revoking, after the confirmation, stops the credential exchanging its secret', async (t) => {
  const { page } = t.context;
  const row = page.getByRole('row', { name: /Dashboard/ });
  t.context.confirm.yes = false;
  await row.getByRole('button', { name: 'Revoke' }).click();
  t.context.confirm.yes = true;
  t.is((await exchange(t, '/api/v1/integrations/token', t.context.secrets['api']!)).status, 200, 'declined: still usable');
  await row.getByRole('button', { name: 'Revoke' }).click();
  await row.getByRole('cell', { name: 'revoked' }).waitFor();
  t.true(await row.getByRole('button', { name: 'Rotate' }).isDisabled());
  t.is((await exchange(t, '/api/v1/integrations/token', t.context.secrets['api']!)).status, 401);
});

test.serial('the audit log shows the credential history newest first, filtered by credential, and the presence figures', async (t) => {
  const { page } = t.context;
  await page.getByRole('button', { name: 'Audit and presence' }).click();
  await page.getByRole('cell', { name: 'organisation.created' }).waitFor();
  await page.getByLabel('Credential', { exact: true }).selectOption({ label: `${isolated('Dashboard')} (${isolated('generic_api_key')})` });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.getByText('Page 1, 3 entries.').waitFor();
  const actions = await page.locator('#audit-rows tr td:nth-child(2)').allTextContents();
  t.deepEqual(actions, ['credential.revoked', 'credential.rotated', 'credential.created']);
  t.regex((await page.locator('#presence').textContent()) ?? '', /Connected accounts now/);
  await screen(t, '07-audit');
});

test.serial(
  'a key without integrations.credential.manage lands on a screen it may use, and sees creation disabled, with the reason',
  async (t) => {
    const { page, app } = t.context;
    const organisationId = await page.evaluate(() => (globalThis as any).sessionStorage.getItem('cad.organisationId'));
    const { key } = expect(
      await app.http.post(
        `/api/v1/admin/organisations/${organisationId}/operator-keys`,
        { label: 'roster clerk', permissions: ['roster.manage', 'audit.view'] },
        { token: app.bootstrapKey },
      ),
      201,
    );
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Sign out' }).click()]);
    // By keyboard alone: the field, the key, Enter.
    await page.getByLabel('Operator key').focus();
    await page.keyboard.type(key);
    await page.keyboard.press('Enter');
    // It lands on a screen it may use (the roster), not on credentials it may not manage.
    await page.getByRole('heading', { name: 'Onboarding', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Credentials' }).click();
    await page.getByRole('heading', { name: 'Credentials' }).waitFor();
    t.true(await page.getByRole('button', { name: 'Create credential' }).isDisabled());
    t.regex((await page.locator('#credentials-reason').textContent()) ?? '', /lacks integrations\.credential\.manage/);
    t.true(await page.locator('#credentials-reason').isVisible());
    await screen(t, '08-without-permission');
    // Onboarding: departments need organisation.settings.manage, which this key lacks; the roster it may change.
    await page.getByRole('button', { name: 'Onboarding' }).click();
    await page.getByRole('region', { name: 'Characters table' }).getByRole('cell', { name: 'Jane Doe', exact: true }).waitFor();
    t.true(await page.getByRole('button', { name: 'Create department' }).isDisabled());
    t.regex((await page.locator('#departments-reason').textContent()) ?? '', /lacks organisation\.settings\.manage/);
    await page.getByRole('cell', { name: 'This key cannot list departments.' }).waitFor();
    t.is(await page.getByLabel('Member of department').getAttribute('placeholder'), 'department id');
    t.true(await page.getByRole('button', { name: 'Create character' }).isEnabled());
    t.true(await page.getByRole('button', { name: 'Issue link code for Jane Doe' }).isEnabled());
  },
);

test.serial('on a phone-sized screen nothing runs off the side of the page', async (t) => {
  const { page } = t.context;
  await page.setViewportSize({ width: 390, height: 844 });
  for (const name of ['Credentials', 'Onboarding', 'Audit and presence']) {
    await page.getByRole('button', { name }).click();
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    const width = await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number);
    t.true(width <= 390, `${name}: ${width}px wide`);
  }
  await screen(t, '09-phone');
});

test.serial('signed in again with the bootstrap key, the operator chooses the organisation and acts once per click', async (t) => {
  const { page, app } = t.context;
  await page.setViewportSize({ width: 1280, height: 900 });
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Sign out' }).click()]);
  t.deepEqual(await page.evaluate(() => ({ ...(globalThis as any).sessionStorage })), {});
  await page.getByLabel('Operator key').fill(app.bootstrapKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Open Los Santos RP' }).click();
  await page.getByRole('heading', { name: 'Credentials' }).waitFor();
  await page.getByRole('row', { name: /FiveM server/ }).waitFor();
  await createCredential(page, 'generic_api_key', 'Camera network');
  const organisationId = await page.evaluate(() => (globalThis as any).sessionStorage.getItem('cad.organisationId'));
  const listed = expect(
    await app.http.get(`/api/v1/admin/organisations/${organisationId}/credentials`, { token: app.bootstrapKey }),
    200,
  ) as Array<{ label: string }>;
  t.deepEqual(
    listed.map((c) => c.label),
    ['FiveM server', 'Dashboard', 'Camera network'],
  );
});
