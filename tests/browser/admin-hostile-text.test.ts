import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import type { Locator, Page } from 'playwright-core';
import { type Browser, SCREENSHOTS, accessibilityViolations, openBrowser } from '../support/browser.ts';
import { HOSTILE, type PlantedText, hostileTextProblems, plantHostileText } from '../support/hostile-text.ts';
import { expect } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * Other parties' text on every admin screen: names and labels planted through the operator routes
 * and the game bridge (long unbroken strings, markup, right-to-left letters) are shown literally,
 * isolated, and within the page's width, at a desktop's and a phone's width; messages appear beside
 * the form that caused them.
 */
type Context = { app: TestService; browser: Browser; page: Page; planted: PlantedText };
const test = anyTest as TestFn<Context>;

const WIDTHS = [1280, 390] as const;
/** Each screen, and a planted text its last list shows once it has loaded. */
const SCREENS = [
  ['Credentials', 'credentials', HOSTILE.hebrew],
  ['Onboarding', 'onboarding', 'وحدة-٧'],
  ['Audit and presence', 'audit', `${'K'.repeat(99)}Y`],
] as const;

test.before(async (t) => {
  const app = await startTestService({ rateLimitScale: 100 });
  try {
    const planted = await plantHostileText(app);
    const browser = await openBrowser();
    const page = await browser.context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${app.service.url}/admin/`);
    t.context = { app, browser, page, planted };
  } catch (error) {
    await app.close();
    throw error;
  }
});
test.after.always(async (t) => {
  await t.context.browser?.close();
  await t.context.app?.close();
});

/** The screen as it is now: every planted text it shows is literal, isolated and within the width; axe finds nothing serious. */
async function check(t: ExecutionContext<Context>, name: string, texts: readonly string[]) {
  const { page, planted } = t.context;
  await page.screenshot({ path: new URL(`hostile-${name}.png`, SCREENSHOTS).pathname, fullPage: true });
  t.deepEqual(await hostileTextProblems(page, texts, planted.all), [], name);
  const violations = (await accessibilityViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  t.deepEqual(violations, [], `${name}: ${JSON.stringify(violations, null, 1)}`);
}

/** The message region sits just below its form, on screen, and says `words`. */
async function besideForm(t: ExecutionContext<Context>, form: Locator, message: Locator, words: RegExp) {
  await message.filter({ hasText: words }).waitFor();
  const [formBox, messageBox] = [await form.boundingBox(), await message.boundingBox()];
  const gap = messageBox!.y - (formBox!.y + formBox!.height);
  t.true(gap >= 0 && gap < 48, `the message is ${gap}px below its form`);
  t.true(await message.evaluate((node) => (node as any).checkVisibility()));
  const viewport = t.context.page.viewportSize()!;
  t.true(messageBox!.y >= 0 && messageBox!.y + messageBox!.height <= viewport.height, 'the message is in view');
}

test.serial('the organisations list shows both planted names literally and isolated, at both widths', async (t) => {
  const { page, app, planted } = t.context;
  await page.getByLabel('Operator key').fill(app.bootstrapKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Organisations' }).waitFor();
  await page.getByRole('button', { name: `Open ${planted.otherOrganisationName}` }).waitFor();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await check(t, `organisations-${width}`, planted.shown.organisations);
  }
});

test.serial(
  'every admin screen shows the planted names and labels literally, isolated and within the width, at 1280 and 390 px',
  async (t) => {
    const { page, planted } = t.context;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: `Open ${planted.organisationName}`, exact: true }).click();
    await page.getByRole('heading', { name: 'Credentials', level: 2 }).waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const [button, screen, loaded] of SCREENS) {
        await page.getByRole('navigation').getByRole('button', { name: button, exact: true }).click();
        await page.getByRole('heading', { name: button, level: 2 }).waitFor();
        await page.locator('tbody bdi', { hasText: loaded }).first().waitFor();
        await check(t, `${screen}-${width}`, planted.shown[screen]);
      }
    }
  },
);

test.serial('a link code shown after a right-to-left name is its own text, outside the isolated name', async (t) => {
  const { page, planted } = t.context;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('navigation').getByRole('button', { name: 'Onboarding', exact: true }).click();
  await page.getByRole('button', { name: `Issue link code for ${planted.rtlCharacter.displayName}` }).click();
  const shown = page.locator('#link-code');
  await shown.locator('.code').waitFor();
  const parts = await shown.evaluate((node: any) => ({
    name: node.querySelector('bdi')?.textContent,
    code: node.querySelector('.code')?.textContent,
    codeInName: node.querySelector('bdi .code') !== null,
    text: node.textContent,
  }));
  t.is(parts.name, planted.rtlCharacter.displayName);
  t.false(parts.codeInName);
  t.regex(parts.code ?? '', /^\S{5,}$/);
  t.true(parts.text.startsWith(`Link code for ${planted.rtlCharacter.displayName}: ${parts.code}.`));
});

test.serial('a refused name is said beside its form in the page’s words, and cleared when the next try succeeds', async (t) => {
  const { page } = t.context;
  await page.setViewportSize({ width: 390, height: 844 });
  const form = page.locator('#department-form');
  const message = page.locator('#departments-status');
  await page.getByLabel('Slug').fill('fake-police');
  await page.getByLabel('Name', { exact: true }).fill('Police\u202Eecilop');
  await page.getByRole('button', { name: 'Create department' }).click();
  await besideForm(t, form, message, /Not saved: Name must not contain characters that change the direction of text/);
  t.is(await message.getAttribute('data-kind'), 'error');
  await page.getByLabel('Name', { exact: true }).fill('Fake Police');
  await page.getByRole('button', { name: 'Create department' }).click();
  await besideForm(t, form, message, /^Created the department Fake Police \(fake-police\)\.$/);
  t.is(await message.getAttribute('data-kind'), 'success');
});

test.serial('a taken callsign is refused beside the member form, speaking of members, not units', async (t) => {
  const { page, planted } = t.context;
  const character = await planted.world.character('Second', 'Officer');
  await page.getByRole('navigation').getByRole('button', { name: 'Credentials', exact: true }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Onboarding', exact: true }).click();
  await page.getByLabel('Character', { exact: true }).selectOption({ label: character.displayName });
  const departments = expect(await planted.world.admin('GET', `/organisations/${planted.organisationId}/departments`), 200) as {
    items: Array<{ departmentId: string; name: string }>;
  };
  const long = departments.items.find((d) => d.name === HOSTILE.long)!;
  await page.getByLabel('Member of department').selectOption(long.departmentId);
  await page.getByLabel('Callsign').fill(HOSTILE.longCallsign);
  await page.getByRole('button', { name: 'Add member' }).click();
  const message = page.locator('#member-status');
  await besideForm(t, page.locator('#member-form'), message, /Another member of the department has that callsign\./);
  t.notRegex((await message.textContent()) ?? '', /\bunit\b/);
});
