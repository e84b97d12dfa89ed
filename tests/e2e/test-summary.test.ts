import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';

/** `npm test` as an operator runs it, on one small file, without the uWS re-run. */
function npmTest(args: readonly string[]) {
  return spawnSync('npm', ['test', '--', ...args], {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', CAD_TEST_UWS_RERUN: 'skip' },
    encoding: 'utf8',
    timeout: 300_000,
  });
}

const lastLine = (output: string) => output.trimEnd().split('\n').at(-1) ?? '';

test('`npm test` ends with one line that sums the run, from AVA’s own counts', (t) => {
  const run = npmTest(['tests/architecture/dependency-rule.test.ts']);
  t.is(run.status, 0, run.stdout + run.stderr);
  const [, passed] = /^# pass (\d+)$/m.exec(run.stdout) ?? [];
  t.truthy(passed);
  t.is(
    lastLine(run.stdout),
    `All tests: ${passed} passed, 0 failed, 0 skipped (uWS engine re-run: left out; uWS HTTP transport: left out)`,
  );
});

test('a part that fails fails the whole run, and the line says so', (t) => {
  const run = npmTest(['tests/architecture/dependency-rule.test.ts', '--match', 'no test has this title']);
  t.not(run.status, 0);
  t.regex(
    lastLine(run.stdout),
    /^All tests: 0 passed, 0 failed, 0 skipped \(uWS engine re-run: left out; uWS HTTP transport: left out\) and AVA exited 1\/0\/0: see above$/,
  );
});

/** The files scripts/test-http-uws.sh runs on the uws HTTP transport, as listed in it. */
async function uwsHalf(): Promise<string[]> {
  const script = await readFile('scripts/test-http-uws.sh', 'utf8');
  const [, block = ''] = /^FILES=\(\n([\s\S]*?)^\)$/m.exec(script) ?? [];
  return block
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

test('every test file of the HTTP, fuzzing and browser suites that starts the service runs on the uws HTTP transport too', async (t) => {
  const listed = await uwsHalf();
  const startsTheService = /\b(startTestService|startService|[a-z][A-Za-z]*Suite)\(/;
  const expected: string[] = [];
  for (const folder of ['tests/http', 'tests/fuzz', 'tests/browser']) {
    for (const name of (await readdir(folder)).filter((n) => n.endsWith('.test.ts')).sort()) {
      if (startsTheService.test(await readFile(join(folder, name), 'utf8'))) expected.push(`${folder}/${name}`);
    }
  }
  t.true(expected.length > 40, expected.join(', '));
  t.deepEqual(
    expected.filter((file) => !listed.includes(file)),
    [],
    'not run on the uws transport',
  );
  t.deepEqual(
    listed.filter((file) => !existsSync(file)),
    [],
    'listed, but no such file',
  );
});

test('the uws HTTP half runs only its own files among those given', (t) => {
  const run = spawnSync('scripts/test-http-uws.sh', ['--tap', 'tests/architecture/dependency-rule.test.ts'], { encoding: 'utf8' });
  t.is(run.status, 0, run.stderr);
  t.regex(run.stdout, /^None of the files given runs on the uws HTTP transport/);
});

test('a CAD_TEST_HTTP_ENGINE that names no transport fails loudly instead of running on Koa', (t) => {
  const run = spawnSync(process.execPath, ['--import=tsx', '-e', "await import('./tests/support/http-engine.ts')"], {
    env: { ...process.env, CAD_TEST_HTTP_ENGINE: 'express' },
    encoding: 'utf8',
  });
  t.not(run.status, 0);
  t.regex(run.stderr, /CAD_TEST_HTTP_ENGINE is 'express': it must be one of koa, uws/);
});
