import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import type { Page } from 'playwright-core';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import { type Browser, SCREENSHOTS, accessibilityViolations, openBrowser } from '../support/browser.ts';
import { realtimeOnHttpPort } from '../support/http-engine.ts';
import { expect } from '../support/operator-driver.ts';
import { LIVE_MS, type Officer, dispatchScene, markerAt, signIn } from '../support/dispatch-scene.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * The board on a busy evening (issue 33, items 8 to 10; decisions 0120 to 0122), in Chromium
 * against the real service: units crowded on one spot and on their call's pin, units whose
 * heartbeats stopped or whose player left the game server, and the plate and person look-ups. The
 * service runs on a manual clock, so "minutes later" is a step of the clock, never a wait.
 */

type Scene = Awaited<ReturnType<typeof dispatchScene>>;
type Context = { app: TestService; clock: ManualClock; browser: Browser; page: Page; scene: Scene; errors: string[] };
const test = anyTest as TestFn<Context>;
const MINUTE = 60_000;

test.before(async (t) => {
  const clock = new ManualClock(new Date());
  const app = await startTestService({ clock, realtime: realtimeOnHttpPort, rateLimitScale: 1000 });
  const scene = await dispatchScene(app, 5);
  const browser = await openBrowser().catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  const errors: string[] = [];
  const page = await watched(browser, errors);
  t.context = { app, clock, browser, page, scene, errors };
});
test.after.always(async (t) => {
  await t.context.browser?.close();
  await t.context.app?.close();
});

/** A tab whose script errors and failed requests are collected (a refused look-up is not one: it is asserted). */
async function watched(browser: Browser, errors: string[]) {
  const page = await browser.context.newPage();
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on(
    'console',
    (message) => void (message.type() === 'error' && !/status of 400/.test(message.text()) && errors.push(message.text())),
  );
  page.on(
    'response',
    (response) => void (response.status() >= 400 && response.status() !== 400 && errors.push(`${response.status()} ${response.url()}`)),
  );
  return page;
}

async function screen(t: ExecutionContext<Context>, name: string, page = t.context.page) {
  await page.screenshot({ path: new URL(`dispatch-evening-${name}.png`, SCREENSHOTS).pathname });
  const violations = (await accessibilityViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  t.deepEqual(violations, [], `${name}: ${JSON.stringify(violations, null, 1)}`);
  t.deepEqual(t.context.errors, []);
}

const unitRow = (page: Page, officer: Officer) =>
  page.getByRole('table', { name: 'Units' }).getByRole('row', { name: new RegExp(officer.callsign) });

/** Steps the service's clock and lets the board hear it: another unit's heartbeat carries the service's time. */
async function later(t: ExecutionContext<Context>, ms: number, messenger: Officer) {
  t.context.clock.advance(ms);
  await t.context.scene.heartbeat(messenger, -3000, -3000);
  await markerAt(t.context.page, messenger.unitId, -3000, -3000).waitFor({ timeout: LIVE_MS });
}

test.serial('units on one spot and a unit on its call’s pin gather into one counted chip, which fans out every label', async (t) => {
  const { page, app, scene } = t.context;
  const crowd = scene.crew.slice(0, 3);
  for (const officer of crowd) await scene.heartbeat(officer, 1000, 1000);
  const call = await scene.report911(scene.crew[0]!, 'Brawl outside the bar', 1000, 1000);
  await signIn(page, app.service.url, scene.dispatcherKey);

  const chip = page.getByRole('button', { name: '4 markers here' });
  await chip.waitFor({ timeout: LIVE_MS });
  for (const officer of crowd) t.is(await markerAt(page, officer.unitId, 1000, 1000).count(), 0, 'gathered, not piled up');
  await screen(t, '01-crowd');

  // From the keyboard, as a mouse click does: Enter on the chip fans it out.
  await chip.focus();
  await page.keyboard.press('Enter');
  const labels = [
    ...crowd.map((o) => page.getByRole('button', { name: o.callsign, exact: true })),
    page.getByRole('button', { name: call.callNumber }),
  ];
  for (const label of labels) await label.waitFor({ timeout: LIVE_MS });
  // Fanned out, no label covers another.
  const boxes = await Promise.all(labels.map(async (label) => (await label.locator('span').first().boundingBox())!));
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      t.true(apart, `labels ${i} and ${j} overlap: ${JSON.stringify([a, b])}`);
    }
  // Choosing a fanned-out unit selects it, as any marker does.
  await labels[1]!.click();
  t.is(await unitRow(page, crowd[1]!).getAttribute('aria-selected'), 'true');
  await screen(t, '02-fanned-out');
});

test.serial(
  'a unit whose heartbeats stopped is stale with its last position’s age, and greyed after the organisation’s minutes',
  async (t) => {
    const { page, scene } = t.context;
    await scene.world.setSettings({ staleUnitMinutes: 3 });
    const [messenger, quiet] = [scene.crew[4]!, scene.crew[3]!];
    await scene.heartbeat(quiet, 4000, 4000);
    await page.reload();
    await page.locator('#connection', { hasText: 'Live' }).waitFor();
    await markerAt(page, quiet.unitId, 4000, 4000).waitFor({ timeout: LIVE_MS });
    t.is(await unitRow(page, quiet).getAttribute('data-liveness'), 'live');

    await later(t, 1 * MINUTE, messenger);
    await unitRow(page, quiet).getByText('stale, last seen 1 min ago').waitFor({ timeout: LIVE_MS });
    t.not(await unitRow(page, quiet).getAttribute('class'), 'greyed');
    const marker = page.locator(`.unit-marker:has([data-unit-id="${quiet.unitId}"])`);
    t.deepEqual(await classesOf(marker), ['stale']);

    await later(t, 2 * MINUTE, messenger);
    await unitRow(page, quiet).getByText('stale, last seen 3 min ago').waitFor({ timeout: LIVE_MS });
    t.regex((await unitRow(page, quiet).getAttribute('class')) ?? '', /\bgreyed\b/);
    t.deepEqual(await classesOf(marker), ['greyed', 'stale']);
    t.is(await marker.getByText('stale, last seen 3 min ago').count(), 1, 'the marker says it too');
    await screen(t, '03-stale');

    // Heard from again, it is live again.
    await scene.heartbeat(quiet, 4010, 4010);
    await markerAt(page, quiet.unitId, 4010, 4010).waitFor({ timeout: LIVE_MS });
    t.is(await unitRow(page, quiet).getAttribute('data-liveness'), 'live');
    t.deepEqual(await classesOf(marker), []);
  },
);

const classesOf = (marker: ReturnType<Page['locator']>) =>
  marker.evaluate((node) => [...(node as any).classList].filter((c: string) => c === 'stale' || c === 'greyed').sort());

test.serial('a unit whose presence claim lapsed is shown as gone, on a board watching and on one that connects after', async (t) => {
  const { page, scene, app, browser, errors } = t.context;
  const [messenger, leaving] = [scene.crew[4]!, scene.crew[2]!];
  await scene.heartbeat(leaving, 2500, 2500);
  await markerAt(page, leaving.unitId, 2500, 2500).waitFor({ timeout: LIVE_MS });
  // The game server counts the player as connected, then stops: the claim lapses a minute after its last renewal.
  expect(await scene.world.desk.post('/presence', { identifiers: [leaving.identifiers] }), 200);
  await later(t, 30_000, messenger);
  t.is(await unitRow(page, leaving).getAttribute('data-liveness'), 'live', 'renewed, and heard from 30 s ago');

  await later(t, 31_000, messenger);
  await unitRow(page, leaving).getByText('left the game server, last seen 1 min ago').waitFor({ timeout: LIVE_MS });
  t.regex((await unitRow(page, leaving).getAttribute('class')) ?? '', /\bgreyed\b/);

  const fresh = await watched(browser, errors);
  t.teardown(() => fresh.close());
  await signIn(fresh, app.service.url, scene.readOnlyKey);
  await unitRow(fresh, leaving).getByText('left the game server, last seen 1 min ago').waitFor({ timeout: LIVE_MS });
  await screen(t, '04-gone', fresh);
});

test.serial('a dispatcher looks up a plate and a person from the board: the record, or no record', async (t) => {
  const { page, scene } = t.context;
  const owner = await scene.world.civilian('Trevor', 'Philips', '1967-06-06', 'VALID');
  await scene.world.vehicle({ plate: '4GTA123', make: 'Bravado', model: 'Buffalo', color: 'black', ownerCivilianId: owner.civilianId });
  const lookup = page.getByRole('region', { name: 'Look up' });
  const result = lookup.getByRole('status', { name: 'Look-up result' });

  await lookup.getByLabel('Plate').fill(' 4gta 123 ');
  await lookup.getByRole('button', { name: 'Look up plate' }).click();
  await result.getByText('Trevor Philips').waitFor({ timeout: LIVE_MS });
  t.regex((await result.textContent()) ?? '', /Plate\s*4GTA123.*Make\s*Bravado.*Model\s*Buffalo.*Colour\s*black.*Owner\s*Trevor Philips/);
  await screen(t, '05-plate');

  await lookup.getByLabel('Plate').fill('NOPE99');
  await lookup.getByRole('button', { name: 'Look up plate' }).click();
  await result.getByText('No record for plate').waitFor({ timeout: LIVE_MS });

  await lookup.getByLabel('Person').fill('trevor  PHILIPS');
  await lookup.getByRole('button', { name: 'Look up person' }).click();
  await result.getByText('1967-06-06').waitFor({ timeout: LIVE_MS });
  t.regex((await result.textContent()) ?? '', /Name\s*Trevor Philips.*Date of birth\s*1967-06-06.*Licence\s*VALID/);
  await screen(t, '06-person');

  await lookup.getByLabel('Person').fill('Nobody Known');
  await lookup.getByRole('button', { name: 'Look up person' }).click();
  await result.getByText('No record for').waitFor({ timeout: LIVE_MS });

  // A plate no record could hold is refused with the route's reason, and nothing is shown as found.
  await lookup.getByLabel('Plate').fill('!!!');
  await lookup.getByRole('button', { name: 'Look up plate' }).click();
  await page.locator('#page-status', { hasText: 'plate must be 1 to 16 letters' }).waitFor({ timeout: LIVE_MS });
  t.is(await result.textContent(), '');
  await screen(t, '07-refused');
});
