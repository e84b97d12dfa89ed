import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { DOCUMENTS, ROOT, block, runServing, shellBlocks } from '../support/doc-blocks.ts';
import { type PrivatePostgres, privatePostgres, privatePostgresProblem } from '../support/private-postgres.ts';
import { freePort } from '../support/processes.ts';
import { REDIS_URL, freshRedisPrefix } from '../support/redis.ts';

/**
 * Every shell block of the README and of `docs/*.md` runs as printed (issue 33, point 14). The
 * blocks that work on a service's data (the curl walk, the map layer, the `Idempotency-Key`
 * retry, the command line, the backup) run in `readme.test.ts`, one after the other on one
 * service; the ways to start the service run here. Only the documents' example places are mapped
 * to the test's own: `db.example:5432` to a PostgreSQL cluster of the test's own (the `cad`
 * role the example URLs name), `redis.example:6379` to the Redis under test with a prefix of its
 * own, `/var/lib/cad` to a temporary directory, and fixed ports to free ones. Each service a
 * block starts must answer `/readyz` with 200, then it is stopped with SIGTERM.
 */

/** The blocks `readme.test.ts` runs. */
const RUN_BY_THE_README_TEST = [
  'README.md › ## Your first credential, with curl › 1',
  'README.md › ## Dispatch board › 1',
  'README.md › ### Retrying a write: `Idempotency-Key` › 1',
  'README.md › ### Command line › 1',
  'README.md › ### Backup and restore of the embedded database › 1',
];
/** The blocks this file runs, each in the test named after it. */
const RUN_HERE = [
  'README.md › ## Quick start › 1',
  'README.md › ## Quick start › 2',
  'README.md › ## Exposing the service › 1',
  'README.md › ## PostgreSQL › 1',
  'README.md › ## Several instances › 1',
  'README.md › ## Tests › 1',
  'docs/deployment.md › ## 1. One instance on the embedded database › 1',
  'docs/deployment.md › ### Running under systemd › 1',
  'docs/deployment.md › ## 2. One instance on PostgreSQL › 1',
  'docs/deployment.md › ## 3. N instances on PostgreSQL and Redis, behind a reverse proxy › 1',
  'docs/deployment.md › ### Trying it on one machine › 1',
];

test('every shell block of the README and of docs/*.md is run by a test', (t) => {
  const all = DOCUMENTS.flatMap(shellBlocks).map((b) => b.id);
  t.deepEqual([...all].sort(), [...RUN_BY_THE_README_TEST, ...RUN_HERE].sort());
});

test('each command of the README’s table of test commands exists', (t) => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('| Command | What it runs |'));
  const commands = [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!);
  t.true(commands.length >= 10, commands.join(', '));
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  for (const command of commands) {
    const run = /^npm run ([\w:-]+)$/.exec(command);
    if (run) t.truthy(scripts[run[1]!], `${command}: no such script`);
    else if (command.startsWith('npx ava ')) t.true(existsSync(join(ROOT, command.slice('npx ava '.length))), command);
    else t.true(existsSync(join(ROOT, command)), command);
  }
  // What CI runs is the README's test command.
  t.regex(readFileSync(join(ROOT, '.ci/run'), 'utf8'), /^npm test$/m);
  t.true(readme.includes('`DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npm test`'));
});

const tools = spawnSync('sh', ['-c', 'command -v ss && command -v openssl']).status === 0;
let cluster: PrivatePostgres | undefined;
let clusterPort = '';
const temporary: string[] = [];

test.before(async () => {
  if (privatePostgresProblem !== null) return;
  cluster = await privatePostgres();
  clusterPort = new URL(cluster.url).port;
  execFileSync('psql', [cluster.url, '-qc', "create role cad superuser login password 'secret'"]);
});
test.after.always(async () => {
  await cluster?.destroy();
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'cad-doc-'));
  temporary.push(dir);
  return dir;
};
const redisHost = REDIS_URL === undefined ? undefined : new URL(REDIS_URL).host;

/** The block's text with the documents' example places mapped to the test's own. */
async function mapped(text: string): Promise<string> {
  let out = text.replaceAll('db.example:5432', `127.0.0.1:${clusterPort}`).replaceAll('/var/lib/cad', await tempDir());
  if (redisHost !== undefined) out = out.replaceAll('redis.example:6379', redisHost);
  for (const port of new Set(out.match(/PORT=(8080|1809\d)\b/g) ?? [])) out = out.replaceAll(port, `PORT=${await freePort()}`);
  return out;
}

const common = async () => ({ CAD_REALTIME_ENGINE: 'node', PORT: String(await freePort()), CAD_DATA_DIR: await tempDir() });
const onCluster = () => ({ PGHOST: '127.0.0.1', PGPORT: clusterPort, PGUSER: 'cad', CAD_REDIS_PREFIX: freshRedisPrefix('doc') });

/** Runs the block; it must end well, having started `services` services, each ready. */
async function runs(t: ExecutionContext, id: string, env: Record<string, string>, services: number) {
  const served = await runServing(await mapped(block(id).text), env);
  t.is(served.status, 0, served.output);
  t.deepEqual(
    served.servers.map((s) => s.ready),
    Array(services).fill(200),
    served.output,
  );
  return served;
}

function serviceTest(id: string, needs: 'nothing' | 'postgres' | 'postgres and redis', body: (t: ExecutionContext) => Promise<void>) {
  const missing = !tools
    ? 'ss and openssl are needed'
    : needs !== 'nothing' && privatePostgresProblem !== null
      ? `a private PostgreSQL cluster cannot be made here: ${privatePostgresProblem}`
      : needs === 'postgres and redis' && REDIS_URL === undefined
        ? 'set REDIS_URL'
        : null;
  if (missing !== null) test.skip(`${id} (SKIPPED: ${missing})`, () => undefined);
  else test.serial(id, body);
}

serviceTest('README.md › ## Quick start › 1', 'nothing', async (t) => {
  await runs(t, 'README.md › ## Quick start › 1', await common(), 1);
});

serviceTest('README.md › ## Quick start › 2', 'nothing', async (t) => {
  t.timeout(300_000, 'a build and a start');
  await runs(t, 'README.md › ## Quick start › 2', await common(), 1);
  t.true(existsSync(join(ROOT, 'dist/composition/server.js')));
});

serviceTest('README.md › ## Exposing the service › 1', 'nothing', async (t) => {
  await runs(t, 'README.md › ## Exposing the service › 1', await common(), 2);
});

serviceTest('README.md › ## PostgreSQL › 1', 'postgres', async (t) => {
  execFileSync('dropdb', ['--if-exists', 'cad'], { env: { ...process.env, ...onCluster() } });
  const served = await runs(t, 'README.md › ## PostgreSQL › 1', { ...(await common()), ...onCluster() }, 1);
  t.regex(served.output, /data in PostgreSQL database/);
});

serviceTest('README.md › ## Several instances › 1', 'postgres and redis', async (t) => {
  execFileSync('psql', [cluster!.url, '-qc', 'select 1'], { env: process.env });
  spawnSync('createdb', ['cad'], { env: { ...process.env, ...onCluster() } });
  const served = await runs(t, 'README.md › ## Several instances › 1', { ...(await common()), ...onCluster() }, 1);
  t.notRegex(served.output, /Redis does not answer/);
});

serviceTest('README.md › ## Tests › 1', 'nothing', async (t) => {
  t.timeout(300_000, 'one test file, under its own AVA');
  const served = await runs(t, 'README.md › ## Tests › 1', { DATABASE_URL: process.env['DATABASE_URL'] ?? '' }, 0);
  t.regex(served.output, /OpenAPI response check: \d+ answers of \d+ operations checked, 0 undocumented/);
});

serviceTest('docs/deployment.md › ## 1. One instance on the embedded database › 1', 'nothing', async (t) => {
  await runs(t, 'docs/deployment.md › ## 1. One instance on the embedded database › 1', await common(), 1);
});

serviceTest('docs/deployment.md › ### Running under systemd › 1', 'nothing', async (t) => {
  t.timeout(300_000, 'a build');
  await runs(t, 'docs/deployment.md › ### Running under systemd › 1', await common(), 0);
  t.true(existsSync(join(ROOT, 'dist/composition/server.js')));
});

serviceTest('docs/deployment.md › ## 2. One instance on PostgreSQL › 1', 'postgres', async (t) => {
  execFileSync('dropdb', ['--if-exists', 'cad'], { env: { ...process.env, ...onCluster() } });
  await runs(t, 'docs/deployment.md › ## 2. One instance on PostgreSQL › 1', { ...(await common()), ...onCluster() }, 1);
});

serviceTest(
  'docs/deployment.md › ## 3. N instances on PostgreSQL and Redis, behind a reverse proxy › 1',
  'postgres and redis',
  async (t) => {
    spawnSync('createdb', ['cad'], { env: { ...process.env, ...onCluster() } });
    const id = 'docs/deployment.md › ## 3. N instances on PostgreSQL and Redis, behind a reverse proxy › 1';
    await runs(t, id, { ...(await common()), ...onCluster() }, 1);
  },
);

serviceTest('docs/deployment.md › ### Trying it on one machine › 1', 'postgres and redis', async (t) => {
  execFileSync('dropdb', ['--if-exists', 'cad_trial'], { env: { ...process.env, ...onCluster(), PGUSER: 'postgres' } });
  // The block names the machine's own PostgreSQL (127.0.0.1:5432): here, the test's own cluster.
  const text = (await mapped(block('docs/deployment.md › ### Trying it on one machine › 1').text)).replaceAll(
    '127.0.0.1:5432',
    `127.0.0.1:${clusterPort}`,
  );
  const served = await runServing(text, { ...onCluster(), PGUSER: 'postgres' });
  t.is(served.status, 0, served.output);
  t.deepEqual(
    served.servers.map((s) => s.ready),
    [200, 200],
    served.output,
  );
});
