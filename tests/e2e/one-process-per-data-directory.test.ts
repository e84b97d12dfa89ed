import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { LOCK_FILE_NAME } from '../../adapters/persistence-mikro-orm/data-directory-lock.ts';
import { exited, runCli, startServer, waitFor } from '../support/server-process.ts';

/** Decision 0029: the embedded database's directory belongs to one process at a time. */
async function aDataDir(t: { teardown(fn: () => Promise<void>): void }): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cad-one-process-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)/;
const KEY = /^\s+(cad_op_[A-Za-z0-9_-]{43})$/m;

test.serial(
  'beside a running service, the command line and a second service are refused, naming its pid; once it stops, the tool’s write is kept',
  async (t) => {
    t.timeout(600_000, 'several processes each open the embedded database');
    const dataDir = await aDataDir(t);
    const env = { PORT: '0', CAD_DATA_DIR: dataDir, LOG_LEVEL: 'info' };
    const first = startServer(env);
    t.teardown(() => first.child.kill('SIGKILL'));
    await waitFor(first.output, LISTENING, first.child);
    const [, key] = await waitFor(first.output, KEY, first.child);
    const pid = first.child.pid!;

    const beside = runCli(['organisation', 'create', 'Lost Org'], { CAD_DATA_DIR: dataDir, CAD_OPERATOR_KEY: key! });
    t.not(beside.status, 0, `the tool reported success beside the service: ${beside.stdout}`);
    t.is(beside.stdout, '');
    t.is(beside.status, 1);
    const refusal = JSON.parse(beside.stderr) as { refused: string; message: string };
    t.is(refusal.refused, 'data_directory_in_use');
    t.regex(refusal.message, new RegExp(`in use by process ${pid} \\(server\\.[jt]s`));
    t.regex(refusal.message, /HTTP operator routes/);

    const second = startServer(env);
    t.teardown(() => second.child.kill('SIGKILL'));
    t.is(await exited(second.child), 1);
    t.regex(second.output(), new RegExp(`failed to start: the embedded database in .* is in use by process ${pid} `));

    const stopped = exited(first.child);
    first.child.kill('SIGTERM');
    t.is(await stopped, 0);
    t.false(existsSync(join(dataDir, LOCK_FILE_NAME)), 'the lock goes with the service');

    const after = runCli(['organisation', 'create', 'Kept Org'], { CAD_DATA_DIR: dataDir, CAD_OPERATOR_KEY: key! });
    t.is(after.status, 0, after.stderr);
    const { organisationId } = JSON.parse(after.stdout) as { organisationId: string };
    t.false(existsSync(join(dataDir, LOCK_FILE_NAME)), 'the lock goes with the tool');

    // The organisation the tool founded is kept: its credentials can be listed (an unknown one is refused).
    const listed = runCli(['credential', 'list', organisationId], { CAD_DATA_DIR: dataDir, CAD_OPERATOR_KEY: key! });
    t.is(listed.status, 0, listed.stderr);
    t.deepEqual(JSON.parse(listed.stdout), []);
  },
);

test.serial('a service killed outright leaves its lock, and the next start takes it over with a line in the log', async (t) => {
  t.timeout(600_000, 'several processes each open the embedded database');
  const dataDir = await aDataDir(t);
  const env = { PORT: '0', CAD_DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  const killed = startServer(env);
  t.teardown(() => killed.child.kill('SIGKILL'));
  await waitFor(killed.output, LISTENING, killed.child);
  const gone = exited(killed.child);
  killed.child.kill('SIGKILL');
  await gone;
  t.true(existsSync(join(dataDir, LOCK_FILE_NAME)));

  const next = startServer(env);
  t.teardown(() => next.child.kill('SIGKILL'));
  await waitFor(next.output, LISTENING, next.child);
  t.regex(next.output(), new RegExp(`"stalePid":${killed.child.pid}.*took over the lock of the embedded database`));
  const interrupted = exited(next.child);
  next.child.kill('SIGINT');
  t.is(await interrupted, 0);
  t.false(existsSync(join(dataDir, LOCK_FILE_NAME)), 'released on SIGINT');
});
