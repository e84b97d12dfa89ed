import test from 'ava';
import { exited, startServer, waitFor } from '../support/server-process.ts';
import { uwsProblem } from '../support/uws.ts';

test('the first start prints the bootstrap key with where to use it next: the admin page and the API reference', async (t) => {
  const { child, output } = startServer({ PORT: '0', REALTIME_PORT: '0', CAD_STORAGE: 'memory' });
  t.teardown(() => child.kill('SIGKILL'));
  const [, url] = await waitFor(output, /listening on (http:\/\/127\.0\.0\.1:\d+)/, child);
  await waitFor(output, /realtime waypoint channel/, child);
  const banner = output().slice(output().indexOf('A bootstrap operator key was created'));
  t.regex(banner, /^\s+cad_op_[A-Za-z0-9_-]{43}$/m, 'the key stands alone on its line, easy to copy');
  t.true(banner.includes(`Next: open ${url}/admin/ and sign in with it`), banner);
  t.true(banner.includes(`${url}/api/v1/docs`), banner);
  t.true(output().includes(`"msg":"admin page at ${url}/admin/, API reference at ${url}/api/v1/docs"`));
  const done = exited(child);
  child.kill('SIGTERM');
  t.is(await done, 0);
});

test('the automatic realtime engine says in one plain line what a fallback to the HTTP port means', async (t) => {
  const { child, output } = startServer({ PORT: '0', REALTIME_PORT: '0', CAD_STORAGE: 'memory' });
  t.teardown(() => child.kill('SIGKILL'));
  const [, url] = await waitFor(output, /listening on (http:\/\/127\.0\.0\.1:\d+)/, child);
  await waitFor(output, /realtime waypoint channel \((uws|node)\)/, child);
  const done = exited(child);
  child.kill('SIGTERM');
  t.is(await done, 0);
  const lines = output().split('\n');
  const fallback = lines.filter((line) => line.startsWith('Realtime: '));
  if (uwsProblem === null) {
    t.deepEqual(fallback, [], 'uWebSockets.js loads here: nothing fell back');
    return;
  }
  t.deepEqual(fallback, [
    `Realtime: uWebSockets.js does not run on this system (${/GLIBC_/.test(uwsProblem) ? 'it needs glibc 2.38 or newer' : 'it could not be loaded; LOG_LEVEL=debug shows why'}), ` +
      `so the waypoint channel runs on the HTTP port: game resources connect to ${url}/integrations/game. ` +
      'Nothing else changes; CAD_REALTIME_ENGINE=node skips this check.',
  ]);
  t.false(output().includes('GLIBC'), 'the loader error stays out of the operator output at the default log level');
  t.false(output().includes('"level":40'), 'and no warning is logged for it');
});
