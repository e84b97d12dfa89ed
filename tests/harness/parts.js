import { matchesGlob } from 'node:path';

/**
 * The parts `npm test` runs (scripts/test.ts), each an AVA configuration of its own in this folder,
 * chosen by glob. Every test file runs in the first part whose globs take it, on the Koa HTTP
 * transport; the third part runs a slice of them again on the uWebSockets.js transport. What each
 * part covers, and why the combinations left out add nothing, is in docs/testing.md.
 */

/** Files that mostly wait (on browsers, child processes, sockets and timers), not on the CPU. */
export const WAITING = [
  'tests/browser/**/*.test.ts',
  'tests/clients/**/*.test.ts',
  'tests/docs/**/*.test.ts',
  'tests/e2e/**/*.test.ts',
  'tests/realtime/**/*.test.ts',
  'tests/scale/**/*.test.ts',
  'tests/upgrade/**/*.test.ts',
  'tests/composition/cli.test.ts',
];

/**
 * The slice that runs again on the uws HTTP transport: the HTTP suites on the memory store (the
 * matrices among them cut to their transport-facing cases, tests/support/coverage.ts), the
 * store-independent HTTP files, the fuzzers' memory files (fewer runs), the realtime files (the uws
 * engine's tests: tests/support/uws.ts), three pages in Chromium, and the transport's own start.
 */
export const UWS = [
  'tests/http/*.test.ts',
  '!tests/http/*.pglite.test.ts',
  '!tests/http/*.postgres.test.ts',
  // The ledger's rules called directly, the page middleware on an app of its own, and the two
  // routers compared with each other: none of them starts the service on a transport.
  '!tests/http/idempotency-answers.test.ts',
  '!tests/http/static-pages.test.ts',
  '!tests/http/router-parity.test.ts',
  'tests/fuzz/*.memory.test.ts',
  'tests/realtime/*.test.ts',
  'tests/browser/admin-page.test.ts',
  'tests/browser/dispatch-board.test.ts',
  'tests/browser/mdt-page.test.ts',
  'tests/composition/http-engine.test.ts',
];

/** What every part shares: TypeScript through tsx, and the per-file clock of file-times.mjs. */
export const COMMON = {
  extensions: ['ts'],
  nodeArguments: ['--import=tsx', '--import=./tests/harness/file-times.mjs'],
  timeout: '2m',
};

/** The parts in the order they run, with their AVA configuration and how many files run at once. */
export const PARTS = [
  {
    name: 'koa',
    config: 'tests/harness/koa.config.js',
    what: 'the CPU-bound files on Koa',
    files: ['tests/**/*.test.ts', ...WAITING.map((glob) => `!${glob}`)],
    concurrency: 2,
  },
  {
    name: 'koa-waiting',
    config: 'tests/harness/koa-waiting.config.js',
    what: 'the files that wait on browsers, processes and sockets, on Koa',
    files: WAITING,
    concurrency: 3,
  },
  {
    name: 'uws',
    config: 'tests/harness/uws.config.js',
    what: 'the uWebSockets.js slice',
    files: UWS,
    concurrency: 3,
    environment: { CAD_TEST_HTTP_ENGINE: 'uws' },
  },
];

/**
 * Whether a part's globs take a test file (AVA's `:<lines>` after its name allowed): one of them
 * matches it and none of the `!` ones does, as AVA itself reads a configuration's `files`.
 */
export function takes(part, file) {
  const bare = file.replace(/:[\d,-]+$/, '');
  return (
    part.files.some((glob) => !glob.startsWith('!') && matchesGlob(bare, glob)) &&
    !part.files.some((glob) => glob.startsWith('!') && matchesGlob(bare, glob.slice(1)))
  );
}

/** The AVA configuration of one part. */
export function configOf(name) {
  const part = PARTS.find((p) => p.name === name);
  if (part === undefined) throw new Error(`no part named ${name}`);
  return {
    ...COMMON,
    files: part.files,
    concurrency: part.concurrency,
    environmentVariables: { CAD_TEST_PART: part.name, ...part.environment },
  };
}
