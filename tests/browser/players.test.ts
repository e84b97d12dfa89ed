import anyTest, { type TestFn } from 'ava';
import { type Browser, checkScreen, openBrowser } from '../support/browser.ts';
import { BRIDGE } from '../support/bridge-driver.ts';
import { expect, operatorOf, tokenFor } from '../support/operator-driver.ts';
import { GOOD_PASSWORD, invite } from '../support/people-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * A player on `/account/` in Chromium (issue 32): joins by invitation, creates a character,
 * generates the link code the game redeems, registers a vehicle the bridge finds, and confirms a
 * link the game started at `/account/link#code=...`.
 */
type Context = { app: TestService; player: Browser };
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const app = await startTestService({ rateLimitScale: 1000 });
  t.context = { app, player: await openBrowser() };
});
test.after.always(async (t) => {
  await t.context.player?.close();
  await t.context.app?.close();
});

test.serial('a player makes a character, links the game by code and from the game, and registers a vehicle', async (t) => {
  const { app, player } = t.context;
  const org = await operatorOf(app.http, app.bootstrapKey).organisation();
  const departmentId = await org.department('lspd');
  const gameToken = await tokenFor(app.http, await org.gameCredential(departmentId));
  const game = (path: string, body: unknown) => app.http.post(`${BRIDGE}${path}`, body, { token: gameToken });
  const token = await invite({ key: app.bootstrapKey }, app.http, org.organisationId, 'civilian');
  const page = await player.context.newPage();
  await page.goto(`${app.service.url}/account/#invitation=${encodeURIComponent(token)}`);
  const join = page.getByRole('region', { name: 'Create your account' });
  await join.getByLabel('Display name').fill('Pat Player');
  await join.getByLabel('Username').fill('pat.player');
  await join.getByLabel('Password').fill(GOOD_PASSWORD);
  await join.getByRole('button', { name: 'Create account' }).click();

  const characters = page.getByRole('region', { name: 'Characters' });
  await characters.getByLabel('First name').fill('Franklin');
  await characters.getByLabel('Last name').fill('Clinton');
  await characters.getByRole('button', { name: 'Create character' }).click();
  await characters.getByRole('button', { name: 'Generate link code for Franklin Clinton' }).click();
  const shown = await characters.getByText(/Link code for/).textContent();
  const code = /([0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5})/.exec(shown ?? '')?.[1];
  t.truthy(code, shown ?? '');
  const identifiers = { license: 'license:browser-player' };
  t.like(expect(await game('/identity/link', { identifiers, code }), 200), { linked: true, displayName: 'Franklin Clinton' });

  const vehicles = page.getByRole('region', { name: 'Vehicles' });
  await vehicles.getByLabel('Plate').fill('FC 4EVER');
  await vehicles.getByLabel('Make').fill('Bravado');
  await vehicles.getByLabel('Model').fill('Buffalo');
  await vehicles.getByLabel('Colour').fill('Green');
  await vehicles.getByLabel('Owner').selectOption({ label: 'Franklin Clinton' });
  await vehicles.getByRole('button', { name: 'Register vehicle' }).click();
  await vehicles.getByRole('cell', { name: 'FC 4EVER', exact: true }).waitFor();

  const started = expect(await game('/identity/link/pending', { identifiers: { license: 'license:second-device' } }), 200);
  await page.goto(`${app.service.url}${started.linkPath}`);
  const link = page.getByRole('region', { name: 'Link your game' });
  await link.getByLabel('Character').selectOption({ label: 'Franklin Clinton' });
  await link.getByRole('button', { name: 'Confirm link' }).click();
  await link.getByText(/Linked to/).waitFor();
  await characters.getByText('license: license:second-device').waitFor();
  await checkScreen(t, page, 'players', 'account');
  if (process.env['SAVE_README_SCREENSHOT'] === '1')
    await page.screenshot({ path: new URL('../../docs/images/account-players.png', import.meta.url).pathname, fullPage: true });
});
