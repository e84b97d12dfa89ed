import anyTest, { type TestFn } from 'ava';
import type { Page } from 'playwright-core';
import { OPERATOR_PERMISSIONS } from '../../domain/operator/operator-key.ts';
import { type Browser, checkScreen, openBrowser } from '../support/browser.ts';
import { LIVE_MS, dispatchScene, markerAt, signIn } from '../support/dispatch-scene.ts';
import { realtimeOnHttpPort } from '../support/http-engine.ts';
import { expect, organisationOf } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * Removing a member from the admin page (decision 0140), in Chromium: **Remove member <callsign>**
 * on the Units table, confirmed, takes the row away; the dispatch board open beside it drops the
 * unit without a reload; and the player's next `/duty` is refused as no member of the department.
 */
type Scene = Awaited<ReturnType<typeof dispatchScene>>;
type Context = { app: TestService; browser: Browser; admin: Page; board: Page; scene: Scene; ownerKey: string; questions: string[] };
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const app = await startTestService({ realtime: realtimeOnHttpPort, rateLimitScale: 1000 });
  const scene = await dispatchScene(app, 2);
  const browser = await openBrowser().catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  const org = organisationOf(app.http, app.bootstrapKey, scene.world.organisationId);
  const { key: ownerKey } = await org.operatorKey([...OPERATOR_PERMISSIONS], 'Owner key');
  const questions: string[] = [];
  const admin = await browser.context.newPage();
  admin.on('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.accept();
  });
  await admin.goto(`${app.service.url}/admin/`);
  await admin.getByLabel('Operator key').fill(ownerKey);
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await admin.getByText('Signed in: Owner key').waitFor();
  const board = await browser.context.newPage();
  t.context = { app, browser, admin, board, scene, ownerKey, questions };
});
test.after.always(async (t) => {
  await t.context.browser?.close();
  await t.context.app?.close();
});

const boardUnits = (page: Page) => page.getByRole('table', { name: 'Units' });

test.serial('Remove member on the admin page: the row goes, the board drops the unit, and /duty is refused', async (t) => {
  const { admin, board, scene, app, ownerKey, questions } = t.context;
  const [leaving, staying] = scene.crew;
  await scene.heartbeat(leaving!, 120, 340);
  await signIn(board, app.service.url, scene.dispatcherKey);
  await markerAt(board, leaving!.unitId, 120, 340).waitFor();
  await boardUnits(board)
    .getByRole('row', { name: new RegExp(leaving!.callsign) })
    .waitFor();

  await admin.getByRole('button', { name: 'Onboarding' }).click();
  const units = admin.getByRole('table', { name: /Units: each member/ });
  await units.getByRole('row', { name: new RegExp(leaving!.callsign) }).waitFor();
  await checkScreen(t, admin, 'member-removal', 'before');
  if (process.env['SAVE_README_SCREENSHOT'] === '1')
    await admin.screenshot({ path: new URL('../../docs/images/admin-units.png', import.meta.url).pathname, fullPage: true });
  await units.getByRole('button', { name: `Remove member ${leaving!.callsign}` }).click();
  await admin.getByText(/is no longer a member of lspd-/).waitFor();
  t.is(questions.length, 1);
  // The names in the question are isolated (FSI ... PDI), as every name the page shows.
  const question = questions[0]!.replace(/[\u2068\u2069]/g, '');
  t.regex(question, new RegExp(`^Remove Officer Unit\\w+ \\(${leaving!.callsign}\\) from lspd-\\w+\\? The unit goes off duty`));
  t.is(await units.getByRole('row', { name: new RegExp(leaving!.callsign) }).count(), 0, 'the member’s row is gone');
  await units.getByRole('row', { name: new RegExp(staying!.callsign) }).waitFor();
  await units.getByRole('button', { name: `Remove member ${staying!.callsign}` }).waitFor();
  await checkScreen(t, admin, 'member-removal', 'removed');

  // The board, open all along, drops the unit and its marker without a reload.
  await boardUnits(board)
    .getByRole('row', { name: new RegExp(leaving!.callsign) })
    .waitFor({ state: 'detached', timeout: LIVE_MS });
  await markerAt(board, leaving!.unitId, 120, 340).waitFor({ state: 'detached', timeout: LIVE_MS });
  await boardUnits(board)
    .getByRole('row', { name: new RegExp(staying!.callsign) })
    .waitFor();

  // The game: the removed player is no member now, and `/duty` creates nobody in their place.
  const duty = await scene.world.desk.post('/duty', { identifiers: leaving!.identifiers, departmentSlug: scene.world.slug, onDuty: true });
  t.deepEqual([duty.status, duty.body], [200, { synced: false, reason: 'no_department_membership' }]);
  const location = await scene.world.desk.post('/location', { identifiers: leaving!.identifiers, mapX: 1, mapY: 2 });
  t.like(location.body, { reported: false, reason: 'not_on_duty' });

  // A fresh board does not list it either; the audit log has the removal.
  await board.reload();
  await board.locator('#connection', { hasText: 'Live' }).waitFor();
  await boardUnits(board)
    .getByRole('row', { name: new RegExp(staying!.callsign) })
    .waitFor();
  t.is(
    await boardUnits(board)
      .getByRole('row', { name: new RegExp(leaving!.callsign) })
      .count(),
    0,
  );
  const audit = expect(
    await app.http.get(`/api/v1/admin/organisations/${scene.world.organisationId}/audit?action=membership.ended`, { token: ownerKey }),
    200,
  ) as Array<{ details: Record<string, unknown> }>;
  t.deepEqual(
    audit.map((e) => e.details['callsign']),
    [leaving!.callsign],
  );
});
