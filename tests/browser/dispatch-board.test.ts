import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import type { Page } from 'playwright-core';
import { type Socket as ClientSocket, io } from 'socket.io-client';
import { type Browser, SCREENSHOTS, accessibilityViolations, openBrowser } from '../support/browser.ts';
import { freshIdentifiers, unique } from '../support/bridge-driver.ts';
import { HOSTILE, hostileTextProblems } from '../support/hostile-text.ts';
import { realtimeOnHttpPort } from '../support/http-engine.ts';
import { expect, tokenFor } from '../support/operator-driver.ts';
import { connected } from '../support/realtime-client.ts';
import { LIVE_MS, dispatchScene, markerAt, signIn } from '../support/dispatch-scene.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * The dispatch board in Chromium against the real service: a dispatcher's shift, step by step,
 * each test starting where the last ended. Changes come from the bridge (a game server) and from
 * the board itself; a game socket on the waypoint channel stands for the officer's resource.
 */

type Scene = Awaited<ReturnType<typeof dispatchScene>>;
type Context = { app: TestService; browser: Browser; page: Page; scene: Scene; game: ClientSocket; waypoints: any[]; errors: string[] };
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const app = await startTestService({ realtime: realtimeOnHttpPort, rateLimitScale: 1000 });
  const scene = await dispatchScene(app, 2);
  const browser = await openBrowser().catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('dialog', (dialog) => void dialog.accept());
  page.on('response', (response) => void (response.status() >= 400 && errors.push(`${response.status()} ${response.url()}`)));
  const token = await tokenFor(app.http, scene.world.desk.credential);
  const game = io(`${app.service.realtime!.url}/integrations/game`, {
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  const waypoints: any[] = [];
  game.on('waypoint', (event) => waypoints.push(event));
  await connected(game);
  t.context = { app, browser, page, scene, game, waypoints, errors };
});
test.after.always(async (t) => {
  t.context.game?.close();
  await t.context.browser?.close();
  await t.context.app?.close();
});

/** Screenshots the board and checks it with axe: no serious or critical violation, no script error. */
async function screen(t: ExecutionContext<Context>, name: string, page = t.context.page) {
  await page.screenshot({ path: new URL(`dispatch-${name}.png`, SCREENSHOTS).pathname });
  const violations = (await accessibilityViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  t.deepEqual(violations, [], `${name}: ${JSON.stringify(violations, null, 1)}`);
  t.deepEqual(t.context.errors, []);
}

const callsTable = (page: Page) => page.getByRole('table', { name: 'Calls' });
const unitsTable = (page: Page) => page.getByRole('table', { name: 'Units' });

test.serial('a dispatcher signs in with a dispatch.manage key and sees every unit on duty at its last position', async (t) => {
  const { page, app, scene } = t.context;
  const [first, second] = scene.crew;
  await scene.heartbeat(first!, 200, 300);
  await scene.heartbeat(second!, -1500, 2420.5);
  await signIn(page, app.service.url, scene.dispatcherKey);
  await markerAt(page, first!.unitId, 200, 300).waitFor();
  await markerAt(page, second!.unitId, -1500, 2420.5).waitFor();
  for (const officer of scene.crew)
    await unitsTable(page)
      .getByRole('row', { name: new RegExp(officer.callsign) })
      .waitFor();
  t.true(
    await unitsTable(page)
      .getByRole('row', { name: new RegExp(`${first!.callsign}.*AVAILABLE`) })
      .isVisible(),
  );
  await screen(t, '01-signed-in');
});

test.serial('a 911 call from the game appears in Calls without a reload, and a heartbeat moves the unit’s marker', async (t) => {
  const { page, scene } = t.context;
  const reported = await scene.report911(scene.crew[1]!, 'Shots fired at the pier', 640, -1200);
  const row = callsTable(page).getByRole('row', { name: new RegExp(reported.callNumber) });
  await row.waitFor({ timeout: LIVE_MS });
  t.regex((await row.textContent()) ?? '', /P2.*Shots fired at the pier/);
  await page.locator(`[data-call-id="${reported.callId}"]`).first().waitFor({ timeout: LIVE_MS });

  const officer = scene.crew[0]!;
  await scene.heartbeat(officer, 1260.25, 1310);
  await markerAt(page, officer.unitId, 1260.25, 1310).waitFor({ timeout: LIVE_MS });

  // Clicking a pin or a marker selects its row.
  await page.locator(`.call-pin [data-call-id="${reported.callId}"]`).click();
  t.is(await row.getAttribute('aria-selected'), 'true');
  await markerAt(page, officer.unitId, 1260.25, 1310).click();
  const unitRow = unitsTable(page).getByRole('row', { name: new RegExp(officer.callsign) });
  t.is(await unitRow.getAttribute('aria-selected'), 'true');
});

test.serial('Assign unit sends the chosen pin to the game, and the next heartbeat in range shows the unit ON_SCENE', async (t) => {
  const { page, scene, waypoints } = t.context;
  const officer = scene.crew[0]!;
  const call = callsTable(page).getByRole('row', { name: /Shots fired/ });
  await call.click();
  await page.getByRole('button', { name: 'Assign unit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign unit' });
  await dialog.getByLabel('Unit').selectOption({ label: officer.callsign });
  t.is(await dialog.getByLabel('Map X').inputValue(), '640');
  await dialog.getByLabel('Map X').fill('655.5');
  await dialog.getByLabel('Map Y').fill('-1190');
  await screen(t, '02-assign');
  await dialog.getByRole('button', { name: 'Assign' }).click();

  await waitFor(() => waypoints.find((w) => w.type === 'assignment.created' && w.unitId === officer.unitId), 'assignment.created');
  t.like(
    waypoints.find((w) => w.type === 'assignment.created'),
    { unitId: officer.unitId, unitLabel: officer.callsign, mapX: 655.5, mapY: -1190 },
  );
  await unitsTable(page)
    .getByRole('row', { name: new RegExp(`${officer.callsign}.*EN_ROUTE`) })
    .waitFor({ timeout: LIVE_MS });

  await scene.heartbeat(officer, 660, -1185);
  await unitsTable(page)
    .getByRole('row', { name: new RegExp(`${officer.callsign}.*ON_SCENE`) })
    .waitFor({ timeout: LIVE_MS });
  // On its call's pin, the unit and the pin gather into one counted chip, which fans them out.
  await page.getByRole('button', { name: '2 markers here' }).click({ timeout: LIVE_MS });
  await markerAt(page, officer.unitId, 660, -1185).waitFor({ timeout: LIVE_MS });
});

test.serial('dragging an assignment pin moves it in the game, a status is set, and a unit is released', async (t) => {
  const { page, scene, waypoints } = t.context;
  const [first, second] = scene.crew;
  const pin = page.locator(`[data-pin-unit-id="${first!.unitId}"]`);
  const box = (await pin.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 - 40, { steps: 8 });
  await page.mouse.up();
  const moved = await waitFor(
    () => waypoints.find((w) => w.type === 'assignment.updated' && w.unitId === first!.unitId),
    'assignment.updated',
  );
  t.true(moved.mapX > 655.5 && moved.mapY > -1190, JSON.stringify(moved));

  await page.getByLabel(`Status of \u2068${second!.callsign}\u2069`).selectOption('BUSY');
  await unitsTable(page)
    .getByRole('row', { name: new RegExp(`${second!.callsign}.*BUSY`) })
    .locator('td[data-status="BUSY"]')
    .waitFor({ timeout: LIVE_MS });

  await page.getByRole('button', { name: `Release ${first!.callsign}` }).click();
  await waitFor(() => waypoints.find((w) => w.type === 'assignment.removed' && w.unitId === first!.unitId), 'assignment.removed');
  await unitsTable(page)
    .getByRole('row', { name: new RegExp(first!.callsign) })
    .locator('td[data-status="AVAILABLE"]')
    .waitFor({ timeout: LIVE_MS });
  t.pass();
});

test.serial('a new call is opened at a place clicked on the map, noted, and closed after a confirmation', async (t) => {
  const { page } = t.context;
  await page.getByRole('button', { name: 'New call' }).click();
  await page
    .getByRole('region', { name: 'Map' })
    .locator('.leaflet-container')
    .click({ position: { x: 200, y: 200 } });
  t.not(await page.getByLabel('Map X').first().inputValue(), '');
  await page.getByLabel('Description').fill('Stolen vehicle heading north on Route 68');
  await page.getByLabel('Priority').selectOption('P1');
  await page.getByRole('button', { name: 'Open call' }).click();
  const row = callsTable(page).getByRole('row', { name: /Stolen vehicle/ });
  await row.waitFor({ timeout: LIVE_MS });
  t.regex((await row.textContent()) ?? '', /P1/);
  const callId = await row.getAttribute('data-call-id');
  await page.locator(`.call-pin.p1 [data-call-id="${callId}"]`).waitFor();

  await row.click();
  await page.getByLabel('Note').fill('Caller: white sedan, partial plate 4K');
  await page.getByRole('button', { name: 'Add note' }).click();
  await page.locator('#call-notes', { hasText: 'partial plate 4K' }).waitFor({ timeout: LIVE_MS });
  await screen(t, '03-call-selected');
  if (process.env['SAVE_README_SCREENSHOT'] === '1') {
    await page.screenshot({ path: new URL('../../docs/images/dispatch-board.png', import.meta.url).pathname });
  }
  await page.getByRole('button', { name: 'Close call' }).click();
  await row.waitFor({ state: 'detached', timeout: LIVE_MS });
  t.pass();
});

test.serial(
  'a key holding dispatch.view, not dispatch.manage, sees the board read-only, with the reason, and no enabled action',
  async (t) => {
    const { app, browser, scene } = t.context;
    const page = await browser.context.newPage();
    t.teardown(() => page.close());
    await signIn(page, app.service.url, scene.readOnlyKey);
    await unitsTable(page)
      .getByRole('row', { name: new RegExp(scene.crew[0]!.callsign) })
      .waitFor();
    await page.getByText('Read-only: this operator key lacks the dispatch.manage permission').waitFor();
    for (const name of ['New call', 'Assign unit', 'Close call'])
      t.true(await page.getByRole('button', { name }).isDisabled(), `${name} is disabled`);
    // Look-ups are reads, which dispatch.view allows: the only controls left enabled.
    const enabled = await page
      .locator('main button:enabled, main select:enabled, main textarea:enabled, main input:enabled')
      .evaluateAll((nodes) =>
        nodes
          .filter((n) => (n as any).offsetParent !== null && (n as any).closest('#lookup') === null)
          .map((n) => String((n as any).outerHTML).slice(0, 80)),
      );
    t.deepEqual(enabled, []);
    t.true(await page.getByRole('button', { name: 'Look up plate' }).isEnabled());
    await screen(t, '04-read-only', page);
  },
);

test.serial('a key of the organisation without dispatch.view is refused the board, with the reason', async (t) => {
  const { app, browser, scene } = t.context;
  const page = await browser.context.newPage();
  t.teardown(() => page.close());
  const { key } = expect(
    await app.http.post(
      `/api/v1/admin/organisations/${scene.world.organisationId}/operator-keys`,
      { label: 'Auditor', permissions: ['audit.view'] },
      { token: app.bootstrapKey },
    ),
    201,
  );
  await page.goto(`${app.service.url}/dispatch/`);
  await page.getByLabel('Operator key').fill(key);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Watching this board needs dispatch.view or dispatch.manage').waitFor();
  t.false(await unitsTable(page).isVisible());
});

async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + LIVE_MS;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test.serial('the map draws the operator’s tile layer for game_tiles and the image for static_image, over their bounds', async (t) => {
  const { app, browser, scene } = t.context;
  const bounds = { minX: -4000, minY: -4000, maxX: 6000, maxY: 8000 };
  const open = async () => {
    const page = await browser.context.newPage();
    t.teardown(() => page.close());
    await signIn(page, app.service.url, scene.dispatcherKey);
    return page;
  };
  await scene.world.setSettings({
    mapLayer: { tileUrlTemplate: 'https://tiles.example.invalid/gta/{z}/{x}/{y}.png', imageUrl: null, bounds },
  });
  const tiles = await open();
  await tiles.locator('img.leaflet-tile').first().waitFor({ state: 'attached' });
  const sources = await tiles.locator('img.leaflet-tile').evaluateAll((images) => images.map((i) => (i as any).src as string));
  t.true(
    sources.length > 0 && sources.every((src) => /^https:\/\/tiles\.example\.invalid\/gta\/-?\d+\/-?\d+\/-?\d+\.png$/.test(src)),
    sources.join(),
  );

  await scene.world.setSettings({
    mapType: 'static_image',
    mapLayer: { tileUrlTemplate: null, imageUrl: 'https://maps.example.invalid/county.jpg', bounds },
  });
  const image = await open();
  await image.locator('img.leaflet-image-layer').waitFor({ state: 'attached' });
  t.is(await image.locator('img.leaflet-image-layer').getAttribute('src'), 'https://maps.example.invalid/county.jpg');
  t.is(await image.locator('img.leaflet-tile').count(), 0);
});

test.serial(
  'callsigns, descriptions and notes from the game are shown as text, isolated, within the width, at 1280 and 390 px',
  async (t) => {
    const { app, browser, scene } = t.context;
    const { world } = scene;
    const character = await world.character('Officer', unique('Unit'));
    const callsign = HOSTILE.longCallsign;
    const { unitId } = await world.member(character.characterId, world.departmentId, callsign);
    const identifiers = await world.link(character.characterId, freshIdentifiers());
    await world.goOnDuty({ identifiers });
    const officer = { identifiers, unitId, callsign };
    await scene.heartbeat(officer, 10, 20);
    const description = `${HOSTILE.markup} ${HOSTILE.arabic} ${HOSTILE.long}`;
    const reported = await scene.report911(officer, description, 30, 40);
    expect(await world.desk.post('/911/self-assign', { identifiers, callId: reported.callId }), 200);
    const note = `${HOSTILE.script} ${HOSTILE.hebrew}`;
    expect(await world.desk.post('/911/narrative', { identifiers, callId: reported.callId, text: note }), 200);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const page = await browser.context.newPage();
      t.teardown(() => page.close());
      await page.setViewportSize(viewport);
      await signIn(page, app.service.url, scene.dispatcherKey);
      const row = callsTable(page).getByRole('row', { name: new RegExp(reported.callNumber) });
      await row.waitFor();
      await row.click();
      await unitsTable(page)
        .getByRole('row', { name: new RegExp(callsign) })
        .waitFor();
      t.deepEqual(await hostileTextProblems(page, [callsign, description, note]), [], `${viewport.width}px`);
      const violations = (await accessibilityViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      t.deepEqual(violations, [], `${viewport.width}px`);
    }
  },
);
