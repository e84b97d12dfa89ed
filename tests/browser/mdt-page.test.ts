import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import type { Page } from 'playwright-core';
import { type BridgeWorld, bridgeWorld, unique } from '../support/bridge-driver.ts';
import { type Browser, openBrowser, checkScreen } from '../support/browser.ts';
import { HOSTILE, hostileTextProblems } from '../support/hostile-text.ts';
import { handoffToken } from '../support/mdt-driver.ts';
import { expect } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * The MDT as an officer meets it: a game resource opens `/mdt/#handoff=<token>` through the bridge's
 * hand-off, in Chromium, at a 1280x720 in-game browser's size and a phone's.
 */
type Context = { app: TestService; browser: Browser; world: BridgeWorld };
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const app = await startTestService({ rateLimitScale: 100 });
  try {
    const world = await bridgeWorld(app);
    const browser = await openBrowser();
    t.context = { app, browser, world };
  } catch (error) {
    await app.close();
    throw error;
  }
});
test.after.always(async (t) => {
  await t.context.browser?.close();
  await t.context.app?.close();
});

/** A fresh tab at the in-game browser's size (or a phone's), opening the MDT with a hand-off token. */
async function openMdt(t: ExecutionContext<Context>, token: string, viewport = { width: 1280, height: 720 }): Promise<Page> {
  const page = await t.context.browser.context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(`${t.context.app.service.url}/mdt/#handoff=${encodeURIComponent(token)}`);
  return page;
}

/** An on-duty officer of the world's department whose name is another party's text. */
async function officer(world: BridgeWorld, lastName = unique('Doe')) {
  const character = await world.character('Jane', lastName);
  const { unitId } = await world.member(character.characterId);
  const identifiers = await world.link(character.characterId);
  await world.goOnDuty({ identifiers });
  return { ...character, unitId, identifiers };
}

test('an on-duty officer’s hand-off opens the MDT with Full access; the token leaves the address bar and the session stays in the tab', async (t) => {
  const { world } = t.context;
  const jane = await officer(world);
  const { token } = await handoffToken(world, { ...jane, unitId: jane.unitId });
  const page = await openMdt(t, token);
  await page.getByText('Full access', { exact: true }).waitFor();
  t.is(new URL(page.url()).hash, '', 'no token in the address bar');
  await page.getByText(jane.displayName).first().waitFor();
  t.true((await page.getByRole('button', { name: 'Add note' }).count()) >= 0);
  const stored = await page.evaluate(() => {
    const browser = globalThis as any;
    return { session: Object.keys(browser.sessionStorage), local: browser.localStorage.length, cookies: browser.document.cookie };
  });
  t.deepEqual(stored, { session: ['cad.mdtSession'], local: 0, cookies: '' });
  t.is(await page.getByRole('region', { name: 'Assignment' }).getByText('No assignment.').count(), 1);
  await checkScreen(t, page, 'mdt', 'full-no-assignment');
  await page.close();
});

test('a hand-off confirmed in the game: the page shows a code, waits, and opens the MDT once the game sends that code', async (t) => {
  const { world } = t.context;
  const jane = await officer(world);
  const { token } = await handoffToken(world, { ...jane, unitId: jane.unitId }, { confirmInGame: true });
  const page = await openMdt(t, token);
  const waiting = page.getByRole('region', { name: 'Confirm in the game' });
  await waiting.waitFor();
  t.is(new URL(page.url()).hash, '', 'no token in the address bar');
  const code = (await waiting.getByLabel('Confirmation code').textContent())!.trim();
  t.regex(code, /^[0-9A-HJKMNP-TV-Z]{6}$/);
  t.is(await page.evaluate(() => (globalThis as any).sessionStorage.length), 0, 'no session before the game confirms');
  await checkScreen(t, page, 'mdt', 'confirm-in-game');
  if (process.env['SAVE_README_SCREENSHOT'] === '1')
    await page.screenshot({ path: new URL('../../docs/images/mdt-confirm.png', import.meta.url).pathname });
  // The player types `/mdt <code>` in the game; the resource sends it on.
  const confirmed = await world.desk.post('/mdt-handoff/confirm', { identifiers: jane.identifiers, code: code.toLowerCase() });
  t.deepEqual(confirmed.body, { confirmed: true });
  await page.getByText('Full access', { exact: true }).waitFor();
  t.true(await waiting.isHidden());
  await page.close();
});

test('Sign out ends the session on the service and shows that the officer signed out', async (t) => {
  const { app, world } = t.context;
  const jane = await officer(world);
  const page = await openMdt(t, (await handoffToken(world, { ...jane, unitId: jane.unitId })).token);
  await page.getByText('Full access', { exact: true }).waitFor();
  const sessionToken = (await page.evaluate(() => (globalThis as any).sessionStorage.getItem('cad.mdtSession'))) as string;
  expect(await app.http.get('/api/v1/mdt/me', { token: sessionToken }), 200);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('alert').getByText('You signed out of the MDT.', { exact: false }).waitFor();
  t.true(await page.locator('#mdt-screen').isHidden(), 'nothing of the MDT stays on screen');
  t.is(await page.getByRole('button', { name: 'Sign out' }).count(), 0);
  t.is(await page.evaluate(() => (globalThis as any).sessionStorage.length), 0, 'the tab forgot the session');
  const after = await app.http.get('/api/v1/mdt/me', { token: sessionToken });
  t.deepEqual([after.status, after.body], [401, { error: 'UNAUTHORIZED', message: 'Authentication failed.' }], 'ended on the service');
  await checkScreen(t, page, 'mdt', 'signed-out');
  await page.close();
});

test('Attach takes a pending call of the department, Assignment shows its number, and Add note puts the note on its timeline', async (t) => {
  const { world } = t.context;
  const jane = await officer(world);
  const call = await world.openCall();
  const page = await openMdt(t, (await handoffToken(world, { ...jane, unitId: jane.unitId })).token);
  const row = page.getByRole('row', { name: new RegExp(call.callNumber) });
  await row.getByRole('button', { name: /Attach/ }).click();
  const assignment = page.getByRole('region', { name: 'Assignment' });
  await assignment.getByText(call.callNumber, { exact: true }).waitFor();
  await assignment.getByLabel('Note').fill('Suspect fled north on foot');
  await assignment.getByRole('button', { name: 'Add note' }).click();
  await assignment.getByRole('list').getByText('Suspect fled north on foot').waitFor();
  // As the dispatcher reads it, through the operator route.
  const read = await world.readCall(call.callId);
  t.like(read.notes.at(-1), { text: 'Suspect fled north on foot', author: { kind: 'unit', id: jane.unitId } });
  t.is(read.status, 'ACTIVE');
  await checkScreen(t, page, 'mdt', 'full-assignment');
  await page.getByRole('button', { name: 'Leave call' }).click();
  await assignment.getByText('No assignment.').waitFor();
  t.pass();
  await page.close();
});

test('Look up plate shows the vehicle and its owner; Look up person lists the people of that name', async (t) => {
  const { world } = t.context;
  const jane = await officer(world);
  const owner = await world.civilian('Franklin', unique('Clinton'), '1988-03-03');
  const plate = unique('P').slice(0, 8).toUpperCase();
  await world.vehicle({ plate, make: 'Bravado', model: 'Buffalo', color: 'Black', ownerCivilianId: owner.civilianId });
  const page = await openMdt(t, (await handoffToken(world, { ...jane, unitId: jane.unitId })).token);
  await page.getByText('Full access', { exact: true }).waitFor();
  await page.getByLabel('Plate').fill(plate.toLowerCase());
  await page.getByRole('button', { name: 'Look up plate' }).click();
  const vehicle = page.getByRole('definition').filter({ hasText: 'Black Bravado Buffalo' });
  await vehicle.waitFor();
  await page.getByText(`Franklin ${owner.lastName}`).waitFor();
  await page.getByLabel('First name').fill('Franklin');
  await page.getByLabel('Last name').fill(owner.lastName);
  await page.getByRole('button', { name: 'Look up person' }).click();
  await page
    .getByRole('list', { name: 'People found' })
    .getByText(/born 1988-03-03/)
    .waitFor();
  await checkScreen(t, page, 'mdt', 'lookups');
  t.pass();
  await page.close();
});

test('an off-duty linked player’s hand-off opens Read-only with no write action', async (t) => {
  const { world } = t.context;
  const player = await world.offDutyOfficer();
  await world.openCall();
  const page = await openMdt(t, (await handoffToken(world, player, { onDuty: false })).token);
  await page.getByText('Read-only', { exact: true }).waitFor();
  await page.getByRole('row').nth(1).waitFor();
  for (const name of [/Attach/, /Add note/, /Leave call/]) t.is(await page.getByRole('button', { name }).count(), 0, String(name));
  t.false(await page.getByLabel('Note').isVisible(), 'no note field');
  t.is(await page.getByText('Off duty', { exact: true }).count(), 1);
  await checkScreen(t, page, 'mdt', 'read-only');
  await page.close();
});

test('a used token, and an unknown one, say to open the MDT again from the game, never a blank page', async (t) => {
  const { world } = t.context;
  const jane = await officer(world);
  const { token } = await handoffToken(world, { ...jane, unitId: jane.unitId });
  const first = await openMdt(t, token);
  await first.getByText('Full access', { exact: true }).waitFor();
  await first.close();
  for (const used of [token, 'cad_mdt_never-issued']) {
    const page = await openMdt(t, used);
    const alert = page.getByRole('alert');
    await alert.getByText('Open the MDT again from the game.', { exact: false }).waitFor();
    t.regex((await alert.textContent()) ?? '', /already used, has expired or is not valid/);
    t.is(new URL(page.url()).hash, '');
    await checkScreen(t, page, 'mdt', 'used-token');
    await page.close();
  }
});

test('at a phone’s width and in a 1280x720 in-game browser, names and descriptions from other parties are shown as text, isolated, within the width', async (t) => {
  const { world } = t.context;
  const jane = await officer(world, HOSTILE.longName);
  const description = `${HOSTILE.markup} ${HOSTILE.arabic}`;
  const call = expect(await world.admin('POST', `/departments/${world.departmentId}/calls`, { description, mapX: 1, mapY: 2 }), 201);
  expect(await world.admin('POST', `/calls/${call.callId}/assignments`, { unitId: jane.unitId }), 201);
  const token = async () => (await handoffToken(world, { ...jane, unitId: jane.unitId })).token;
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 720 },
  ]) {
    const page = await openMdt(t, await token(), viewport);
    const assignment = page.getByRole('region', { name: 'Assignment' });
    await assignment.getByText(call.callNumber, { exact: true }).waitFor();
    // What a driving officer needs is on the first screen.
    const box = await assignment.boundingBox();
    t.true(box !== null && box.y < viewport.height, `Assignment starts on screen at ${viewport.width}px`);
    t.deepEqual(await hostileTextProblems(page, [jane.displayName, description]), [], `${viewport.width}px`);
    await checkScreen(t, page, 'mdt', `${viewport.width}px`);
    await page.close();
  }
});
