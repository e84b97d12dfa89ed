import { spawnSync } from 'node:child_process';
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
  t.is(lastLine(run.stdout), `All tests: ${passed} passed, 0 failed, 0 skipped (uWS engine re-run: left out)`);
});

test('a part that fails fails the whole run, and the line says so', (t) => {
  const run = npmTest(['tests/architecture/dependency-rule.test.ts', '--match', 'no test has this title']);
  t.not(run.status, 0);
  t.regex(
    lastLine(run.stdout),
    /^All tests: 0 passed, 0 failed, 0 skipped \(uWS engine re-run: left out\) and AVA exited 1\/0: see above$/,
  );
});
