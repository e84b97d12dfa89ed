import test from 'ava';
import { bridgeWorld } from '../support/bridge-driver.ts';
import { type Browser, accessibilityViolations, openBrowser } from '../support/browser.ts';
import { handoffToken } from '../support/mdt-driver.ts';
import { expect } from '../support/operator-driver.ts';
import { startTestService } from '../support/test-service.ts';
import { realtimeEngines, uwsProblem, uwsSkipped } from '../support/uws.ts';

/**
 * The MDT in Chromium on each realtime engine, live: on `node` the channel shares the HTTP port;
 * on `uws` it listens on its own port, which the page's Content-Security-Policy must allow
 * (`connect-src`) and the page must find (`realtime.json`). Each part of `npm test` runs its
 * own engine (tests/support/uws.ts, `realtimeEngines`).
 */

/** How long the page may take to show a change: a bound on the wait, not a speed assertion. */
const LIVE_MS = 2_000;

for (const engine of realtimeEngines) {
  const title = `${engine} engine: the MDT shows its unit's new assignment and its call's new notes without a reload, reads again after a lost connection, and says when its session ended`;
  if (engine === 'uws' && uwsProblem !== null) {
    test.skip(`${title} ${uwsSkipped}`, () => {});
    continue;
  }
  test.serial(title, async (t) => {
    // A short re-check, so that the channel drops an ended session's socket within the test.
    // The uws engine on a port of its own beside Koa, as `auto` runs where uWS loads (on the uws
    // transport it shares that app's port instead: tests/composition/http-engine.test.ts).
    const app = await startTestService({ realtime: engine, httpEngine: 'koa', rateLimitScale: 1000, mdtRecheckMs: 200 });
    let browser: Browser | undefined;
    t.teardown(async () => {
      await browser?.close();
      await app.close();
    });
    t.is(app.service.realtime?.engine, engine);
    const page = await fetch(`${app.service.url}/mdt/`);
    const policy = page.headers.get('content-security-policy') ?? '';
    const realtime = new URL(app.service.realtime!.url);
    const where = (await app.http.get('/mdt/realtime.json')).body;
    if (engine === 'uws') {
      t.regex(policy, new RegExp(`connect-src 'self' ws://127\\.0\\.0\\.1:${realtime.port} http://127\\.0\\.0\\.1:${realtime.port}`));
      t.deepEqual(where, { port: Number(realtime.port) });
    } else {
      t.regex(policy, /connect-src 'self';/);
      t.deepEqual(where, { port: null });
    }

    const world = await bridgeWorld(app);
    const officer = await world.officer();
    const partner = await world.officer();
    const call = await world.openCall();
    browser = await openBrowser();
    const tab = await browser.context.newPage();
    await tab.setViewportSize({ width: 1280, height: 720 });
    const failures: string[] = [];
    tab.on('pageerror', (error) => failures.push(String(error)));
    const { token } = await handoffToken(world, officer);
    await tab.goto(`${app.service.url}/mdt/#handoff=${encodeURIComponent(token)}`);
    await tab.getByText('Full access', { exact: true }).waitFor();
    await tab.getByRole('status').getByText('Live', { exact: true }).waitFor();
    const assignment = tab.getByRole('region', { name: 'Assignment' });
    t.is(await assignment.getByText('No assignment.').count(), 1);

    // A dispatcher sends the unit; the MDT shows the call without a reload.
    expect(await world.admin('POST', `/calls/${call.callId}/assignments`, { unitId: officer.unitId }), 201);
    await assignment.getByText(call.callNumber, { exact: true }).waitFor({ timeout: LIVE_MS });
    t.is(await tab.getByRole('region', { name: 'Status' }).getByText('En route', { exact: true }).count(), 1);
    // A partner on the call writes a note through the bridge; it lands on the timeline.
    expect(await world.admin('POST', `/calls/${call.callId}/assignments`, { unitId: partner.unitId }), 201);
    expect(await world.desk.post('/911/narrative', { identifiers: partner.identifiers, callId: call.callId, text: 'Backing you up' }), 200);
    await assignment.getByRole('list').getByText('Backing you up').waitFor({ timeout: LIVE_MS });
    const violations = (await accessibilityViolations(tab)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    t.deepEqual(violations, []);
    // The network drops (the socket closes, as a tunnel or a restarted instance would close it); while
    // the MDT is away the dispatcher releases the unit; when the network is back, the page reconnects by
    // itself and reads its state again, so the release it was never sent is shown.
    const status = tab.getByRole('status');
    await tab.context().setOffline(true);
    await tab.evaluate("window.dispatchEvent(new Event('offline'))");
    await status.getByText('Reconnecting…', { exact: true }).waitFor({ timeout: LIVE_MS });
    expect(await world.admin('DELETE', `/calls/${call.callId}/assignments/${officer.unitId}`), 200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    t.is(await assignment.getByText(call.callNumber, { exact: true }).count(), 1, 'not told while away');
    await tab.context().setOffline(false);
    await status.getByText('Live', { exact: true }).waitFor({ timeout: 5_000 });
    await assignment.getByText('No assignment.').waitFor({ timeout: LIVE_MS });
    // The session ends (its credential revoked): the channel drops the socket, and the page says so
    // rather than "Reconnecting…" for ever.
    expect(await world.admin('POST', `/credentials/${world.desk.credential.clientId}/revoke`), 200);
    await tab.getByText('Your MDT session has ended.', { exact: false }).waitFor({ timeout: LIVE_MS });
    t.is(await tab.getByText('Reconnecting…').count(), 0);
    t.deepEqual(failures, []);
  });
}
