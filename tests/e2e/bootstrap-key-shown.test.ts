import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { createCadCore } from '../../composition/core.ts';
import { httpClient } from '../support/http-client.ts';
import { exited, runCli, startServer, waitFor } from '../support/server-process.ts';

/** Decision 0030: the bootstrap key is shown, or a later start says plainly that it never was. */
async function aDataDir(t: { teardown(fn: () => Promise<void>): void }): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cad-bootstrap-shown-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)/;
const KEY = /^\s+(cad_op_[A-Za-z0-9_-]{43})$/m;
const NEVER_SHOWN = /was never confirmed as shown/;

test.serial('a first start on a port in use creates no bootstrap key; the next start prints one', async (t) => {
  t.timeout(600_000, 'two starts on the embedded database');
  const dataDir = await aDataDir(t);
  const busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => busy.close(() => resolve())));
  const busyPort = String((busy.address() as { port: number }).port);

  const failed = startServer({ PORT: busyPort, CAD_DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  t.teardown(() => failed.child.kill('SIGKILL'));
  t.is(await exited(failed.child), 1);
  t.regex(failed.output(), /failed to start: .*EADDRINUSE/);
  t.notRegex(failed.output(), /cad_op_/);

  const next = startServer({ PORT: '0', CAD_DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  t.teardown(() => next.child.kill('SIGKILL'));
  const [, url] = await waitFor(next.output, LISTENING, next.child);
  const [, key] = await waitFor(next.output, KEY, next.child);
  t.notRegex(next.output(), NEVER_SHOWN);
  const keys = await httpClient(url!).get('/api/v1/admin/organisations/0190a5b6-0000-7000-8000-000000000000/operator-keys', {
    token: key!,
  });
  t.is(keys.status, 404, 'the printed key is the bootstrap key (an unknown key would be 401)');
  const stopped = exited(next.child);
  next.child.kill('SIGTERM');
  t.is(await stopped, 0);
});

test.serial('a key stored but never shown is reported at every start, with the command that replaces it', async (t) => {
  t.timeout(600_000, 'three processes on the embedded database');
  const dataDir = await aDataDir(t);
  // A start that stored the key and died before it was printed.
  const crashed = await createCadCore({ storage: { kind: 'embedded', dataDir } });
  await t.throwsAsync(crashed.useCases.ensureBootstrapKey.execute({ show: () => Promise.reject(new Error('killed while printing')) }));
  await crashed.close();

  const next = startServer({ PORT: '0', CAD_DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  t.teardown(() => next.child.kill('SIGKILL'));
  await waitFor(next.output, LISTENING, next.child);
  await waitFor(next.output, /\(or set CAD_BOOTSTRAP_KEY/, next.child);
  t.regex(next.output(), NEVER_SHOWN);
  t.regex(next.output(), /Stop the service, then run: {2}npm run cli -- bootstrap-key reset/);
  t.notRegex(next.output(), KEY, 'no other key is made behind the operator’s back');
  const stopped = exited(next.child);
  next.child.kill('SIGTERM');
  t.is(await stopped, 0);

  const reset = runCli(['bootstrap-key', 'reset'], { CAD_DATA_DIR: dataDir });
  t.is(reset.status, 0, reset.stderr);
  t.regex(JSON.parse(reset.stdout).bootstrapKey, /^cad_op_/);

  const after = await createCadCore({ storage: { kind: 'embedded', dataDir } });
  t.teardown(() => after.close());
  t.is(await after.useCases.ensureBootstrapKey.awaitingDisplaySince(), null, 'the reset key was shown');
});
