import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { block } from '../support/doc-blocks.ts';
import { freePort } from '../support/processes.ts';
import { exited, waitFor } from '../support/server-process.ts';

/**
 * The README's shell blocks run as printed: the curl walk against a running service, the
 * command-line examples and the backup block with it stopped. Only the environment the blocks
 * honour is set (KEY, BASE, CAD_OPERATOR_KEY, CAD_DATA_DIR, PORT), so the service is private.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const baseEnv = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', CAD_REALTIME_ENGINE: 'node' };
const tools = spawnSync('sh', ['-c', 'command -v curl && command -v jq']).status === 0;

/** Runs a block with bash (errors stop it), then prints the named variables, one a line. */
function runBlock(block: string, env: Record<string, string>, show: readonly string[]) {
  // `echo` first: a block's last answer may end without a newline.
  const script = `set -euo pipefail\n${block}\necho\n${show.map((name) => `printf '%s=%s\\n' ${name} "$${name}"`).join('\n')}\n`;
  const run = spawnSync('bash', ['-c', script], { cwd: root, env: { ...baseEnv, ...env }, encoding: 'utf8', timeout: 600_000 });
  const values = Object.fromEntries(show.map((name) => [name, new RegExp(`^${name}=(.*)$`, 'm').exec(run.stdout)?.[1] ?? '']));
  return { ...run, values };
}

function started(command: string, env: Record<string, string>): { child: ChildProcessWithoutNullStreams; output: () => string } {
  // A process group of its own, as a terminal gives it: Ctrl-C (SIGINT to the group) stops it.
  const child = spawn('bash', ['-c', command], { cwd: root, env: { ...baseEnv, ...env }, detached: true });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

function killGroup(child: ChildProcessWithoutNullStreams): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // The group has stopped already.
  }
}

async function interrupt(child: ChildProcessWithoutNullStreams): Promise<void> {
  const done = exited(child);
  process.kill(-child.pid!, 'SIGINT');
  await done;
}

if (!tools) {
  test.skip('README shell blocks: SKIPPED, curl and jq are needed (apt-get install curl jq)', () => undefined);
} else {
  test.serial('the README’s curl walk, command-line examples and backup block run as printed', async (t) => {
    t.timeout(20 * 60_000, 'three services and a dozen command-line runs on the embedded database');
    const dataDir = await mkdtemp(join(tmpdir(), 'cad-readme-'));
    const restored = join(root, 'data-restored');
    const backup = join(root, 'cad-2026-05-01.tgz');
    const clean = () =>
      Promise.all([
        rm(dataDir, { recursive: true, force: true }),
        rm(restored, { recursive: true, force: true }),
        rm(backup, { force: true }),
      ]);
    await Promise.all([rm(restored, { recursive: true, force: true }), rm(backup, { force: true })]);
    t.teardown(clean);
    const port = String(await freePort());

    // Quick start: `npm start`, and the key it prints.
    const service = started('npm start', { PORT: port, CAD_DATA_DIR: dataDir });
    t.teardown(() => killGroup(service.child));
    await waitFor(service.output, /listening on http:\/\/127\.0\.0\.1:\d+/, service.child);
    const [, key] = await waitFor(service.output, /^\s+(cad_op_[A-Za-z0-9_-]{43})$/m, service.child);

    const walk = runBlock(
      block('README.md › ## Your first credential, with curl › 1').text,
      { KEY: key!, BASE: `http://127.0.0.1:${port}/api/v1` },
      ['ORG', 'DEPT', 'CLIENT_ID', 'CLIENT_SECRET', 'TOKEN', 'GAME'],
    );
    t.is(walk.status, 0, walk.stderr);
    t.regex(walk.values['ORG']!, UUID);
    t.regex(walk.values['DEPT']!, UUID);
    t.regex(walk.values['CLIENT_ID']!, UUID, 'the API credential’s client id');
    t.regex(walk.values['CLIENT_SECRET']!, /^cad_cs_/, 'and its secret');
    t.regex(walk.values['TOKEN']!, /^ey/, 'exchanged for a token');
    t.regex(walk.stdout, /"kind": "game",[\s\S]*"clientSecret": "cad_cs_[^"]+"/, 'the game credential is printed with its secret');
    t.regex(walk.stdout, /^\[\]$/m, 'the units list answers');

    // The dispatch board's map layer, set with the walk's variables.
    const base = { KEY: key!, BASE: `http://127.0.0.1:${port}/api/v1`, ORG: walk.values['ORG']! };
    const layer = runBlock(block('README.md › ## Dispatch board › 1').text, base, []);
    t.is(layer.status, 0, layer.stderr);
    t.like(JSON.parse(layer.stdout.trim()), { mapLayer: { tileUrlTemplate: 'https://tiles.example.org/{z}/{x}/{y}.png' } });

    // A write retried with its Idempotency-Key: the same answer, written once.
    const retry = block('README.md › ### Retrying a write: `Idempotency-Key` › 1').text;
    const game = { ...base, GAME: walk.values['GAME']! };
    const [first, retried] = [runBlock(retry, game, []), runBlock(retry, game, [])];
    t.is(first.status, 0, first.stderr);
    t.like(JSON.parse(first.stdout.trim()), { reason: 'not_linked' });
    t.is(retried.stdout, first.stdout, 'the retry gets the first answer');

    await interrupt(service.child);

    const cli = runBlock(block('README.md › ### Command line › 1').text, { CAD_OPERATOR_KEY: key!, CAD_DATA_DIR: dataDir }, [
      'ORG',
      'DEPT',
      'CHAR',
    ]);
    t.is(cli.status, 0, cli.stderr);
    t.regex(cli.values['ORG']!, UUID);
    t.regex(cli.values['DEPT']!, UUID);
    t.regex(cli.values['CHAR']!, UUID);
    const lines = cli.stdout.trim().split('\n');
    t.like(JSON.parse(lines[0]!), { kind: 'game', departmentId: cli.values['DEPT'], label: 'FiveM server' });
    t.like(JSON.parse(lines[1]!), { unitLabel: '1-ADAM-12' });
    t.regex(JSON.parse(lines[2]!).code, /\S/);
    const organisations = JSON.parse(lines[3]!) as { organisationId: string }[];
    t.deepEqual(
      organisations.map((o) => o.organisationId),
      [walk.values['ORG'], cli.values['ORG']],
    );
    t.like(JSON.parse(lines[4]!), [{ departmentId: cli.values['DEPT'], slug: 'lspd' }]);
    t.like(JSON.parse(lines[5]!), [{ characterId: cli.values['CHAR'], displayName: 'Jane Doe' }]);
    t.regex(JSON.parse(lines[6]!).bootstrapKey, /^cad_op_/);

    // The backup block: the service is stopped; the block ends by starting one on the restored copy.
    const again = started(block('README.md › ### Backup and restore of the embedded database › 1').text, {
      PORT: port,
      CAD_DATA_DIR: dataDir,
    });
    t.teardown(() => killGroup(again.child));
    const [, url] = await waitFor(again.output, /listening on (http:\/\/127\.0\.0\.1:\d+)/, again.child);
    t.regex(again.output(), /"backup":"\.\/cad-2026-05-01\.tgz"/);
    t.regex(again.output(), /"restored":"\.\/cad-2026-05-01\.tgz","dataDir":"\.\/data-restored"/);
    t.true(again.output().includes(`data in embedded database in ./data-restored`));
    const exchange = await fetch(`${url}/api/v1/integrations/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: walk.values['CLIENT_ID'], clientSecret: walk.values['CLIENT_SECRET'] }),
    });
    t.is(exchange.status, 200, 'the restored copy accepts the credential made in the curl walk');
    await interrupt(again.child);
  });
}
