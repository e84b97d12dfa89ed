import test from 'ava';
import { type Browser, openBrowser } from '../support/browser.ts';
import { LIVE_MS, dispatchScene, markerAt, signIn } from '../support/dispatch-scene.ts';
import { startTestService } from '../support/test-service.ts';
import { realtimeEngines, uwsProblem, uwsSkipped } from '../support/uws.ts';

/**
 * The dispatch board in Chromium on each realtime engine: on `node` the channel shares the HTTP
 * port; on `uws` it listens on its own port, which the page's Content-Security-Policy must allow
 * (`connect-src`) and the page must find (`realtime.json`). Each part of `npm test` runs its
 * own engine (tests/support/uws.ts, `realtimeEngines`).
 */

for (const engine of realtimeEngines) {
  const title = `${engine} engine: the dispatch board goes live, shows the snapshot and follows heartbeats and calls`;
  if (engine === 'uws' && uwsProblem !== null) {
    test.skip(`${title} ${uwsSkipped}`, () => {});
    continue;
  }
  test.serial(title, async (t) => {
    // The uws engine on a port of its own beside Koa, as `auto` runs where uWS loads (on the uws
    // transport it shares that app's port instead: tests/composition/http-engine.test.ts).
    const app = await startTestService({ realtime: engine, httpEngine: 'koa', rateLimitScale: 1000 });
    let browser: Browser | undefined;
    t.teardown(async () => {
      await browser?.close();
      await app.close();
    });
    t.is(app.service.realtime?.engine, engine);
    const scene = await dispatchScene(app);
    const officer = scene.crew[0]!;
    await scene.heartbeat(officer, 12, 34);

    const page = await fetch(`${app.service.url}/dispatch/`);
    const policy = page.headers.get('content-security-policy') ?? '';
    const realtime = new URL(app.service.realtime!.url);
    const where = (await app.http.get('/dispatch/realtime.json')).body;
    if (engine === 'uws') {
      t.regex(policy, new RegExp(`connect-src 'self' ws://127\\.0\\.0\\.1:${realtime.port} http://127\\.0\\.0\\.1:${realtime.port}`));
      t.deepEqual(where, { port: Number(realtime.port) });
    } else {
      t.regex(policy, /connect-src 'self';/);
      t.deepEqual(where, { port: null });
    }

    browser = await openBrowser();
    const tab = await browser.context.newPage();
    const failures: string[] = [];
    tab.on('pageerror', (error) => failures.push(String(error)));
    await signIn(tab, app.service.url, scene.dispatcherKey);
    await markerAt(tab, officer.unitId, 12, 34).waitFor({ timeout: LIVE_MS });
    await scene.heartbeat(officer, 56, 78);
    await markerAt(tab, officer.unitId, 56, 78).waitFor({ timeout: LIVE_MS });
    const reported = await scene.report911(officer, 'Alarm at the bank', 100, 200);
    await tab
      .getByRole('table', { name: 'Calls' })
      .getByRole('row', { name: new RegExp(reported.callNumber) })
      .waitFor({ timeout: LIVE_MS });
    t.deepEqual(failures, []);
  });
}
