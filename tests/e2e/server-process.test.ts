import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { rawConnection, within } from '../support/raw-connection.ts';
import { httpClient } from '../support/http-client.ts';
import { expect, operatorOf, tokenFor } from '../support/operator-driver.ts';
import { exited, startServer, waitFor } from '../support/server-process.ts';

test('the server starts on the embedded database, prints the bootstrap key once, serves, and stops on SIGTERM', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'cad-server-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  const { child, output } = startServer({ PORT: '0', HOST: '127.0.0.1', CAD_DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  t.teardown(() => child.kill('SIGKILL'));
  const [, url] = await waitFor(output, /listening on (http:\/\/127\.0\.0\.1:\d+)/, child);
  const [, key] = await waitFor(output, /^\s+(cad_op_[A-Za-z0-9_-]{43})$/m, child);
  const http = httpClient(url!);
  t.is(expect(await http.get('/readyz'), 200).status, 'ready');
  const org = await operatorOf(http, key!).organisation();
  const token = await tokenFor(http, await org.apiCredential(['cad.unit.view']));
  t.deepEqual(expect(await http.get('/api/v1/units', { token }), 200), []);
  t.false(output().includes(token), 'tokens never reach the log');
  const done = exited(child);
  child.kill('SIGTERM');
  t.is(await done, 0);
  t.regex(output(), /"msg":"stopped"/);
});

test('a bad configuration stops the start with every problem named', async (t) => {
  const { child, output } = startServer({ PORT: 'eighty', LOG_LEVEL: 'loud' });
  t.is(await exited(child), 2);
  t.regex(output(), /PORT must be integer \(got "eighty"\)/);
  t.regex(output(), /LOG_LEVEL must be one of/);
});

test('slow clients are cut at the deadlines set in the environment', async (t) => {
  const { child, output } = startServer({
    PORT: '0',
    CAD_STORAGE: 'memory',
    CAD_REQUEST_TIMEOUT_MS: '1000',
    CAD_HEADERS_TIMEOUT_MS: '1000',
    LOG_LEVEL: 'info',
  });
  t.teardown(() => child.kill('SIGKILL'));
  const [, url] = await waitFor(output, /listening on (http:\/\/127\.0\.0\.1:\d+)/, child);
  const slow = await rawConnection(url!);
  t.teardown(() => slow.destroy());
  slow.write('POST /api/v1/integrations/token HTTP/1.1\r\nHost: cad\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
  const trickle = setInterval(() => slow.write(' '), 200);
  const closedAfter = await within(slow.closed, 10_000, -1);
  clearInterval(trickle);
  t.not(closedAfter, -1, 'a body trickling in stays open past 10 s');
  t.log(`closed after ${Math.round(closedAfter)} ms (CAD_REQUEST_TIMEOUT_MS=1000)`);
  t.regex(slow.received(), /^HTTP\/1\.1 408 /);
});

test('a variable of the service’s families that it does not read is warned about at start, with the nearest known name', async (t) => {
  const { child, output } = startServer({
    PORT: '0',
    CAD_STORAGE: 'memory',
    CAD_DATADIR: './data-misspelt',
    REALTIME_PROT: '9000',
    CAD_SOMETHING_ELSE_ENTIRELY: '1',
    LOG_LEVEL: 'info',
  });
  t.teardown(() => child.kill('SIGKILL'));
  await waitFor(output, /listening on http:\/\/127\.0\.0\.1:\d+/, child);
  const warnings = output()
    .split('\n')
    .filter((line) => line.includes('"setting":"unknown"'))
    .map((line) => (JSON.parse(line) as { level: number; msg: string }).msg);
  // Exactly these: PORT, CAD_STORAGE and LOG_LEVEL, set as well, are known.
  t.deepEqual(warnings, [
    'CAD_DATADIR is not a setting of this service and is ignored: did you mean CAD_DATA_DIR?',
    'CAD_SOMETHING_ELSE_ENTIRELY is not a setting of this service and is ignored',
    'REALTIME_PROT is not a setting of this service and is ignored: did you mean REALTIME_PORT?',
  ]);
});
