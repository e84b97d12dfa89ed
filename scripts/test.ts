/**
 * `npm test`: the whole suite, in the parts of tests/harness/parts.js, one after the other, each an
 * AVA run of its own configuration. The uws part runs under a newer glibc where uWebSockets.js does
 * not load in this Node (scripts/newer-glibc.sh). Then the OpenAPI check of every answer the tests
 * received (scripts/openapi-report.ts), the slowest files, and one last line that sums every part
 * from AVA's own TAP counts: `Total: N passed, N failed, N skipped`. Any part failing fails the run.
 *
 *   npm test [-- AVA options...] [-- files, folders or globs...]
 *
 * Given files, each part runs those of them its globs take (so a file of the uws slice runs on both
 * transports). AVA's options (--match, ...) go to every part. CAD_TEST_UWS_RERUN=skip leaves the uws
 * part out; CAD_TEST_TIMES_TABLE=<file> writes every file's time as a Markdown table.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, globSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PARTS, takes } from '../tests/harness/parts.js';

type Part = (typeof PARTS)[number];
interface Counts {
  pass: number;
  fail: number;
  skip: number;
}
interface Outcome {
  readonly part: Part;
  /** Why the part did not run, when it did not. */
  readonly notRun?: string;
  readonly status: number;
  readonly counts?: Counts;
  readonly tap: string;
  readonly seconds: number;
}

const OPTIONS_WITH_VALUES = new Set(['--match', '-m', '--timeout', '-T', '--concurrency', '-c', '--node-arguments']);

const work = mkdtempSync(join(tmpdir(), 'cad-test-'));
const openapiFolder = join(work, 'openapi');
const timesFile = join(work, 'times.tsv');
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

// --- AVA's options (with their values) and a selection of files.
const options: string[] = [];
const selection: string[] = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg.startsWith('-')) {
    options.push(arg);
    if (OPTIONS_WITH_VALUES.has(arg) && i + 1 < args.length) options.push(args[++i]!);
  } else selection.push(arg);
}

/** The test files a selection names: files (with AVA's `:lines`), folders and globs. */
function selectedFiles(): string[] {
  return selection.flatMap((arg) => {
    const path = arg.replace(/\/$/, '');
    const bare = path.replace(/:[\d,-]+$/, '');
    if (existsSync(bare) && statSync(bare).isDirectory()) return globSync(`${bare}/**/*.test.ts`);
    if (existsSync(bare)) return [path];
    return globSync(path);
  });
}

/** The last `# pass N` (fail, skip) of a TAP text; undefined when AVA printed no summary. */
function countsOf(tap: string): Counts | undefined {
  const last = (what: string) => [...tap.matchAll(new RegExp(`^# ${what} (\\d+)$`, 'gm'))].at(-1)?.[1];
  const pass = last('pass');
  if (pass === undefined) return undefined;
  return { pass: Number(pass), fail: Number(last('fail') ?? 0), skip: Number(last('skip') ?? 0) + Number(last('todo') ?? 0) };
}

/** How Node is started for a part: this Node, or (uws, where uWS does not load) the same Node under a newer glibc. */
function launcher(part: Part): string[] | string {
  if (part.name !== 'uws') return [process.execPath];
  if (spawnSync(process.execPath, ['-e', "require('uWebSockets.js')"]).status === 0) return [process.execPath];
  const prepared = spawnSync('scripts/newer-glibc.sh', [], { encoding: 'utf8' });
  if (prepared.status !== 0) return (prepared.stderr || prepared.stdout).trim().split('\n').at(-1) ?? 'scripts/newer-glibc.sh failed';
  return ['scripts/newer-glibc.sh'];
}

async function run(part: Part, files: readonly string[]): Promise<Outcome> {
  const how = launcher(part);
  if (typeof how === 'string') {
    console.error(
      `NOTICE: uWebSockets.js does not load here, and no newer glibc could be prepared, so ${part.what} did not run:\n  ${how}`,
    );
    return { part, notRun: 'uWebSockets.js cannot load here', status: 0, tap: '', seconds: 0 };
  }
  console.log(`\n# ${part.name}: ${part.what} (${part.config})`);
  const started = Date.now();
  const [command, ...prefix] = how;
  const child = spawn(
    command!,
    [...prefix, 'node_modules/ava/entrypoints/cli.js', '--config', part.config, '--tap', ...options, ...files],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, CAD_OPENAPI_REPORT: openapiFolder, CAD_TEST_TIMES: timesFile },
    },
  );
  let tap = '';
  child.stdout.on('data', (chunk: Buffer) => {
    tap += chunk.toString();
    process.stdout.write(chunk);
  });
  const status = await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  return { part, status, counts: countsOf(tap), tap, seconds: (Date.now() - started) / 1000 };
}

/** Every file's time, from file-times.mjs: the slowest named, and the whole as a table when asked. */
function reportTimes(outcomes: readonly Outcome[]): void {
  if (!existsSync(timesFile)) return;
  const rows = readFileSync(timesFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
    .map(([file, start, end, part]) => ({ file: file!, part: part ?? '', seconds: (Number(end) - Number(start)) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds);
  console.log(
    '\nTime per part: ' +
      outcomes.map((o) => `${o.part.name} ${o.notRun === undefined ? `${o.seconds.toFixed(0)} s` : 'not run'}`).join(', '),
  );
  console.log('Slowest files:');
  for (const row of rows.slice(0, 10)) console.log(`  ${row.seconds.toFixed(1).padStart(6)} s  ${row.part.padEnd(11)} ${row.file}`);
  const table = process.env['CAD_TEST_TIMES_TABLE'];
  if (table) {
    const lines = [
      '| file | part | seconds |',
      '| --- | --- | ---: |',
      ...rows.map((r) => `| \`${r.file}\` | ${r.part} | ${r.seconds.toFixed(1)} |`),
    ];
    writeFileSync(table, lines.join('\n') + '\n');
  }
}

const chosen = selection.length > 0 ? selectedFiles() : [];
if (selection.length > 0 && chosen.length === 0) {
  console.log(`No test file matches ${selection.join(' ')}.`);
  console.log('Total: 0 passed, 0 failed, 0 skipped');
  process.exit(1);
}
const outcomes: Outcome[] = [];
for (const part of PARTS) {
  if (part.name === 'uws' && process.env['CAD_TEST_UWS_RERUN'] === 'skip') continue;
  const files = chosen.filter((file) => takes(part, file));
  if (selection.length > 0 && files.length === 0) continue;
  outcomes.push(await run(part, files));
}

const report = spawnSync(process.execPath, ['--import=tsx', 'scripts/openapi-report.ts', openapiFolder], { stdio: 'inherit' });
reportTimes(outcomes);

const total: Counts = { pass: 0, fail: 0, skip: 0 };
const parts: string[] = [];
let failed = report.status !== 0;
for (const outcome of outcomes) {
  const { part, counts, status, notRun } = outcome;
  if (notRun !== undefined) {
    parts.push(`${part.name}: not run, ${notRun}`);
    continue;
  }
  if (counts === undefined) {
    parts.push(`${part.name}: AVA exited ${status} without a summary`);
    total.fail += 1;
    failed = true;
    continue;
  }
  total.pass += counts.pass;
  total.fail += counts.fail;
  total.skip += counts.skip;
  parts.push(
    `${part.name}: ${counts.pass} passed, ${counts.fail} failed, ${counts.skip} skipped${status !== 0 ? `, AVA exited ${status}` : ''}`,
  );
  if (status !== 0 || counts.fail > 0) failed = true;
}
if (total.fail > 0) {
  console.log('Failed tests:');
  for (const { tap } of outcomes) for (const [, title] of tap.matchAll(/^not ok \d+ - (.*)$/gm)) console.log(`  ${title}`);
}
if (report.status !== 0) parts.push('answers the OpenAPI document does not describe: see above');
console.log(`Parts: ${parts.join('; ')}`);
console.log(`Total: ${total.pass} passed, ${total.fail} failed, ${total.skip} skipped`);
process.exit(failed ? 1 : 0);
