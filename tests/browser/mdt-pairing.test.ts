import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import type { Page } from 'playwright-core';
import { type BridgeWorld, bridgeWorld, unique } from '../support/bridge-driver.ts';
import { type Browser, checkScreen, openBrowser } from '../support/browser.ts';
import { handoffToken } from '../support/mdt-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * The MDT opened as the game's `/mdt` opens it now (decision 0108): the plain address `/mdt/`, no
 * token. The page starts its own pairing and shows a code; the player types it in the game (here:
 * the bridge's confirm route, as the resource sends it); the page gets the session. Chromium's
 * navigation history, as the browser reports it and as its profile keeps it on disk, holds no secret.
 */
type Context = { app: TestService; world: BridgeWorld };
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const app = await startTestService({ rateLimitScale: 100 });
  t.context = { app, world: await bridgeWorld(app) };
});
test.after.always((t) => t.context.app?.close());

/** An on-duty officer of the world's department. */
async function officer(world: BridgeWorld) {
  const character = await world.character('Jane', unique('Doe'));
  const { unitId } = await world.member(character.characterId);
  const identifiers = await world.link(character.characterId);
  await world.goOnDuty({ identifiers });
  return { ...character, unitId, identifiers };
}

/** Every URL Chromium lists in the tab's navigation history (DevTools protocol). */
async function navigationHistory(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { entries } = (await cdp.send('Page.getNavigationHistory')) as { entries: Array<{ url: string }> };
  await cdp.detach();
  return entries.map((entry) => entry.url);
}

/** The bytes of the profile's History database and its journal, as text, after the browser closed. */
async function historyOnDisk(browser: Browser): Promise<string> {
  const folder = join(browser.profile, 'Default');
  const files = (await readdir(folder)).filter((name) => name.startsWith('History'));
  const texts = await Promise.all(files.map((name) => readFile(join(folder, name), 'latin1')));
  return texts.join('\n');
}

async function openWith(t: ExecutionContext<Context>, browser: Browser, path: string): Promise<Page> {
  const page = await browser.context.newPage();
  t.teardown(() => page.close().catch(() => undefined));
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${t.context.app.service.url}${path}`);
  return page;
}

test.serial('opened as /mdt/, the page shows a code; the game confirms it and the page opens, with no secret in any history', async (t) => {
  const { world } = t.context;
  const jane = await officer(world);
  const browser = await openBrowser();
  t.teardown(() => browser.close());
  const page = await openWith(t, browser, '/mdt/');
  const waiting = page.getByRole('region', { name: 'Confirm in the game' });
  await waiting.waitFor();
  const code = (await waiting.getByLabel('Confirmation code').textContent())!.trim();
  t.regex(code, /^[0-9A-HJKMNP-TV-Z]{6}$/);
  t.is(await page.evaluate(() => (globalThis as any).sessionStorage.length), 0, 'no session before the game confirms');
  await checkScreen(t, page, 'mdt', 'pairing-from-page');

  // The player types `/mdt <code>`; cad-bridge sends it with the job the game says they hold.
  const confirmed = await world.desk.post('/mdt-handoff/confirm', {
    identifiers: jane.identifiers,
    code: code.toLowerCase(),
    departmentSlug: world.desk.slug,
    onDuty: true,
  });
  t.deepEqual(confirmed.body, { confirmed: true });
  await page.getByText('Full access', { exact: true }).waitFor();
  await page.getByText(jane.displayName).first().waitFor();
  t.true(await waiting.isHidden());

  const listed = await navigationHistory(page);
  // A new tab starts at about:blank; the MDT adds one entry, the plain address.
  t.deepEqual(
    listed.filter((url) => url !== 'about:blank'),
    [`${t.context.app.service.url}/mdt/`],
    'one entry, the plain address',
  );
  await browser.closeBrowser();
  const disk = await historyOnDisk(browser);
  t.true(disk.includes('/mdt/'), 'the History database was read');
  for (const secret of ['cad_mdt_', 'cad_mdp_', 'handoff', code]) t.false(disk.includes(secret), `no ${secret} on disk`);
});

test.serial('the code works once: typed again, or by another player, it confirms nothing', async (t) => {
  const { world } = t.context;
  const [jane, john] = [await officer(world), await officer(world)];
  const browser = await openBrowser();
  t.teardown(() => browser.close());
  const page = await openWith(t, browser, '/mdt/');
  const code = (await page.getByLabel('Confirmation code').textContent())!.trim();
  const confirm = (who: typeof jane) => world.desk.post('/mdt-handoff/confirm', { identifiers: who.identifiers, code });
  t.deepEqual((await confirm(jane)).body, { confirmed: true });
  t.deepEqual((await confirm(john)).body, { confirmed: false, reason: 'invalid_or_expired_code' });
  t.deepEqual((await confirm(jane)).body, { confirmed: false, reason: 'invalid_or_expired_code' });
  // Without the game's word on duty the session is read-only.
  await page.getByText('Read-only', { exact: true }).waitFor();
  await page.getByText(jane.displayName).first().waitFor();
});

test.serial(
  'the less safe path, a #handoff= address, leaves its token in the History database: why cad-bridge no longer opens one',
  async (t) => {
    const { world } = t.context;
    const jane = await officer(world);
    const { token } = await handoffToken(world, { ...jane, unitId: jane.unitId });
    const browser = await openBrowser();
    t.teardown(() => browser.close());
    const page = await openWith(t, browser, `/mdt/#handoff=${encodeURIComponent(token)}`);
    await page.getByText('Full access', { exact: true }).waitFor();
    t.is(new URL(page.url()).hash, '', 'gone from the address bar');
    await browser.closeBrowser();
    t.true((await historyOnDisk(browser)).includes(token), 'yet kept in the History database');
  },
);
