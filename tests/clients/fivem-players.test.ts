import anyTest, { type TestFn } from 'ava';
import type { Page } from 'playwright-core';
import { identifiersFromFiveM } from '../../clients/sdk/src/index.ts';
import { type Browser, checkScreen, openBrowser } from '../support/browser.ts';
import { type BridgeWorld, unique } from '../support/bridge-driver.ts';
import { signIn as signInOnBoard } from '../support/dispatch-scene.ts';
import { handoffToken } from '../support/mdt-driver.ts';
import { organisationOf } from '../support/operator-driver.ts';
import { GOOD_PASSWORD, invite } from '../support/people-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import { builtResource, communityOn, until } from './fxserver/community.ts';
import type { FakePlayer, FxServer } from './fxserver/fxserver.ts';

/**
 * A player's own CAD, end to end (issue 32): the people sign up in Chromium, make their characters
 * and vehicles on `/account/`, and link the game from the emulated FXServer running the exact files
 * `npm run build:fivem` writes, against the real service. One links with a code the page shows
 * (`/cadlink CODE`), the other starts from the game (`/cadlink` alone) and confirms in the browser.
 * What each checks is what the player, a dispatcher or an officer's MDT would see.
 */

interface Context {
  app: TestService;
  world: BridgeWorld;
  fx: FxServer;
  browser: Browser;
  remove(): void;
}
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const app = await startTestService({ realtime: 'node', rateLimitScale: 100 });
  const built = await builtResource();
  const { world, fx } = await communityOn(app, built.dir, 0);
  t.context = { app, world, fx, browser: await openBrowser(), remove: built.remove };
});

test.after.always(async (t) => {
  t.context.fx?.stop();
  await t.context.browser?.close();
  await t.context.app?.close();
  t.context.remove?.();
});

const CODE = /([0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5})/;

/** Joins the organisation through an operator's invitation, on `/account/`, signed in after. */
async function signUp(page: Page, t: Context, displayName: string, username: string) {
  const invitation = await invite({ key: t.app.bootstrapKey }, t.app.http, t.world.organisationId, 'civilian');
  await page.goto(`${t.app.service.url}/account/#invitation=${encodeURIComponent(invitation)}`);
  const join = page.getByRole('region', { name: 'Create your account' });
  await join.getByLabel('Display name').fill(displayName);
  await join.getByLabel('Username').fill(username);
  await join.getByLabel('Password').fill(GOOD_PASSWORD);
  await join.getByRole('button', { name: 'Create account' }).click();
}

/** Creates a character on the page; its id, as the person's own account lists it. */
async function createCharacter(page: Page, t: Context, firstName: string, lastName: string): Promise<string> {
  const characters = page.getByRole('region', { name: 'Characters' });
  await characters.getByLabel('First name').fill(firstName);
  await characters.getByLabel('Last name').fill(lastName);
  await characters.getByRole('button', { name: 'Create character' }).click();
  await characters.getByRole('button', { name: `Generate link code for ${firstName} ${lastName}` }).waitFor();
  const listed = (await page.evaluate(
    (path) => fetch(path).then((reply) => reply.json()),
    `/api/v1/account/organisations/${t.world.organisationId}/characters`,
  )) as { characters: { characterId: string; displayName: string }[] };
  return listed.characters.find((c) => c.displayName === `${firstName} ${lastName}`)!.characterId;
}

const said = (player: FakePlayer, text: string | RegExp) =>
  until(`“${String(text)}” in ${player.name}’s chat`, () =>
    player.client.chat.some((line) => (typeof text === 'string' ? line.includes(text) : text.test(line))),
  );

test.serial(
  'a player signs up, makes a character, links it with /cadlink CODE, goes on /duty and is on the board; a vehicle registered on /account/ is found by /plate and the MDT',
  async (t) => {
    const { app, world, fx, browser } = t.context;
    const page = await browser.context.newPage();
    const lastName = unique('Clinton').slice(0, 20);
    await signUp(page, t.context, 'Franklin’s player', unique('franklin').toLowerCase());
    const characterId = await createCharacter(page, t.context, 'Franklin', lastName);
    // The roster makes the character a member of the department, with its callsign.
    const callsign = `1-LINCOLN-${Math.floor(Math.random() * 90) + 10}`;
    await world.member(characterId, world.departmentId, callsign);

    const characters = page.getByRole('region', { name: 'Characters' });
    await characters.getByRole('button', { name: `Generate link code for Franklin ${lastName}` }).click();
    const code = CODE.exec((await characters.getByText(/Link code for/).textContent()) ?? '')?.[1];
    t.truthy(code);

    const gameIds = [`license:${unique('lic')}`, `discord:${unique()}`, 'ip:127.0.0.1'];
    const player = fx.connect({ name: 'Franklin', identifiers: gameIds, position: [100, 200, 30] });
    // The server's staff put the player in the department's group, which holds its duty ACE.
    fx.exec(`add_principal identifier.${gameIds[0]} group.${world.slug}`);
    fx.command(player, `/cadlink ${code}`);
    await said(player, `Linked to Franklin ${lastName}`);
    fx.command(player, '/duty');
    await said(player, 'On duty');

    // The dispatcher's board shows the unit.
    const dispatcher = (await organisationOf(app.http, app.bootstrapKey, world.organisationId).operatorKey(['dispatch.manage'])).key;
    const board = await browser.context.newPage();
    await signInOnBoard(board, app.service.url, dispatcher);
    await board.getByText(callsign).first().waitFor();
    await board.close();

    // A vehicle of the player's own, registered on the page.
    const plate = unique('FC').slice(0, 8).toUpperCase();
    const vehicles = page.getByRole('region', { name: 'Vehicles' });
    await vehicles.getByLabel('Plate').fill(plate);
    await vehicles.getByLabel('Make').fill('Bravado');
    await vehicles.getByLabel('Model').fill('Buffalo');
    await vehicles.getByLabel('Colour').fill('Green');
    await vehicles.getByLabel('Owner').selectOption({ label: `Franklin ${lastName}` });
    await vehicles.getByRole('button', { name: 'Register vehicle' }).click();
    await vehicles.getByRole('cell', { name: plate, exact: true }).waitFor();
    await checkScreen(t, page, 'fivem-players', 'account');

    fx.command(player, `/plate ${plate}`);
    await said(player, `Plate ${plate}: Green Bravado Buffalo, registration VALID, owner Franklin ${lastName}.`);

    // The officer's MDT, opened through the contract's hand-off, finds it too.
    const { token } = await handoffToken(world, { identifiers: identifiersFromFiveM(gameIds), unitId: '' } as never);
    const mdt = await browser.context.newPage();
    await mdt.goto(`${app.service.url}/mdt/#handoff=${encodeURIComponent(token)}`);
    await mdt.getByLabel('Plate').fill(plate.toLowerCase());
    await mdt.getByRole('button', { name: 'Look up plate' }).click();
    await mdt.getByRole('definition').filter({ hasText: 'Green Bravado Buffalo' }).waitFor();
    await mdt.getByText(`Franklin ${lastName}`).first().waitFor();
    await mdt.close();
    await page.close();
    t.is(fx.log.filter((line) => line.includes('failed')).length, 0, fx.log.join('\n'));
  },
);

test.serial(
  'a second player runs /cadlink alone, opens the address the game shows, signs in, confirms, and the next /duty succeeds',
  async (t) => {
    const { world, fx, browser } = t.context;
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    const username = unique('lamar').toLowerCase();
    const lastName = unique('Davis').slice(0, 20);
    await signUp(page, t.context, 'Lamar’s player', username);
    const characterId = await createCharacter(page, t.context, 'Lamar', lastName);
    const callsign = `2-KING-${Math.floor(Math.random() * 90) + 10}`;
    const { unitId } = (await world.member(characterId, world.departmentId, callsign)) as { unitId: string };
    // Signed out, as a player who opens the address on another evening would be.
    await browser.context.clearCookies();

    const license = `license:${unique('lic')}`;
    const player = fx.connect({ name: 'Lamar', identifiers: [license, 'ip:127.0.0.1'], position: [300, 400, 30] });
    fx.exec(`add_principal identifier.${license} group.${world.slug}`);
    fx.command(player, '/cadlink');
    await said(player, '/account/link#code=');
    const line = player.client.chat.find((l) => l.includes('/account/link#code='))!;
    const address = /(https?:\/\/\S+\/account\/link#code=[0-9A-Z-]+)/.exec(line)?.[1];
    t.truthy(address, line);
    t.true(player.client.openedUrls.includes(address!), 'the player’s own browser was asked to open it');

    await page.goto(address!);
    const signInForm = page.getByRole('region', { name: 'Sign in' });
    await signInForm.getByLabel('Username').fill(username);
    await signInForm.getByLabel('Password').fill(GOOD_PASSWORD);
    await signInForm.getByRole('button', { name: 'Sign in', exact: true }).click();
    const link = page.getByRole('region', { name: 'Link your game' });
    await link.getByLabel('Character').selectOption({ label: `Lamar ${lastName}` });
    await link.getByRole('button', { name: 'Confirm link' }).click();
    await link.getByText(/Linked to/).waitFor();

    // The game learns of the link on its next call: Lamar's own unit goes on duty.
    fx.command(player, '/duty');
    await said(player, 'On duty');
    t.is((await world.units()).find((u) => u.unitId === unitId)?.status, 'AVAILABLE');
    await page.close();
  },
);
