import { spawn, spawnSync } from 'node:child_process';
import { globSync } from 'node:fs';
import test from 'ava';
import { PARTS, takes } from '../harness/parts.js';

/** `npm test` as an operator runs it, on the files given, without the uws part; never blocking this file's other tests. */
function npmTest(args: readonly string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['test', '--', ...args], {
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', CAD_TEST_UWS_RERUN: 'skip', ...env },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout }));
  });
}

const lastLines = (output: string, n: number) => output.trimEnd().split('\n').slice(-n);

test('`npm test` ends with one line that sums the run from AVA’s own counts, after one that names each part', async (t) => {
  const run = await npmTest(['tests/architecture/dependency-rule.test.ts']);
  t.is(run.status, 0, run.stdout);
  const [, passed] = /^# pass (\d+)$/m.exec(run.stdout) ?? [];
  t.truthy(passed);
  t.deepEqual(lastLines(run.stdout, 2), [
    `Parts: koa: ${passed} passed, 0 failed, 0 skipped`,
    `Total: ${passed} passed, 0 failed, 0 skipped`,
  ]);
});

test('a part that fails fails the whole run, and the lines say so', async (t) => {
  const run = await npmTest(['tests/architecture/dependency-rule.test.ts', '--match', 'no test has this title']);
  t.not(run.status, 0);
  t.deepEqual(lastLines(run.stdout, 2), [
    'Parts: koa: 0 passed, 0 failed, 0 skipped, AVA exited 1',
    'Total: 0 passed, 0 failed, 0 skipped',
  ]);
});

test('a file runs in the parts whose globs take it: an HTTP file of the memory store on both transports, a PGlite one on Koa alone', async (t) => {
  const run = await npmTest(['tests/http/metrics.test.ts', 'tests/http/admin-reads.postgres.test.ts'], { CAD_TEST_UWS_RERUN: '' });
  t.is(run.status, 0, run.stdout);
  const parts = lastLines(run.stdout, 2)[0]!;
  t.regex(parts, /^Parts: koa: \d+ passed, 0 failed, \d+ skipped; uws: \d+ passed, 0 failed, 0 skipped$/);
  t.regex(run.stdout, /^ +[\d.]+ s {2}uws {9}tests\/http\/metrics\.test\.ts$/m, 'the memory file ran on uws');
  t.notRegex(run.stdout, /uws {9}tests\/http\/admin-reads\.postgres\.test\.ts/, 'the PostgreSQL file did not');
});

test('every test file runs on Koa in exactly one part, and the uws slice takes each HTTP file that is not of a database', (t) => {
  const files = globSync('tests/**/*.test.ts').sort();
  t.true(files.length > 150, String(files.length));
  const koa = PARTS.filter((part) => part.name !== 'uws');
  for (const file of files) {
    t.is(koa.filter((part) => takes(part, file)).length, 1, file);
  }
  const uws = PARTS.find((part) => part.name === 'uws')!;
  const http = files.filter((file) => file.startsWith('tests/http/') && !/\.(pglite|postgres)\.test\.ts$/.test(file));
  const transportFree = ['tests/http/idempotency-answers.test.ts', 'tests/http/router-parity.test.ts', 'tests/http/static-pages.test.ts'];
  t.deepEqual(
    http.filter((file) => !takes(uws, file)),
    transportFree,
  );
  t.false(files.some((file) => /\.(pglite|postgres)\.test\.ts$/.test(file) && takes(uws, file)));
});

test('a CAD_TEST_HTTP_ENGINE that names no transport fails loudly instead of running on Koa', (t) => {
  const run = spawnSync(process.execPath, ['--import=tsx', '-e', "await import('./tests/support/http-engine.ts')"], {
    env: { ...process.env, CAD_TEST_HTTP_ENGINE: 'express' },
    encoding: 'utf8',
  });
  t.not(run.status, 0);
  t.regex(run.stderr, /CAD_TEST_HTTP_ENGINE is 'express': it must be one of koa, uws/);
});
