import type { HttpEngine } from '../../composition/service.ts';

const ENGINES: readonly HttpEngine[] = ['koa', 'uws'];

/**
 * The HTTP transport the tests' services run on: `CAD_TEST_HTTP_ENGINE`, Koa when it is unset.
 * `npm test` runs the HTTP-facing suites on Koa, then a slice of them again on uWebSockets.js (the
 * uws part of tests/harness/parts.js sets it to `uws`): the same tests, not copies. Read once, when a test
 * file first loads this module; a value that names no transport fails the file at once, so that a
 * typo cannot run the Koa tests under another name.
 */
export const testHttpEngine: HttpEngine = engineFrom(process.env['CAD_TEST_HTTP_ENGINE']);

function engineFrom(value: string | undefined): HttpEngine {
  if (value === undefined || value === '') return 'koa';
  const engine = ENGINES.find((name) => name === value);
  if (engine === undefined)
    throw new Error(`CAD_TEST_HTTP_ENGINE is '${value}': it must be one of ${ENGINES.join(', ')}, or unset for koa`);
  return engine;
}

/**
 * The realtime engine that shares the HTTP transport's port: Socket.IO's own on Koa's Node server,
 * uWebSockets.js's on the uws app (CAD_REALTIME_ENGINE=node runs on the Koa transport only).
 */
export const realtimeOnHttpPort: 'node' | 'uws' = testHttpEngine === 'uws' ? 'uws' : 'node';
