import { testHttpEngine } from './http-engine.ts';

/** Why uWebSockets.js cannot load in this process (its binary needs glibc >= 2.38), or null when it loads. */
export const uwsProblem: string | null = await import('uWebSockets.js').then(
  () => null,
  (error: unknown) =>
    String(error instanceof Error ? error.message : error)
      .trim()
      .split('\n')
      .at(-1) ?? 'unknown',
);

const glibcWanted = uwsProblem?.match(/(GLIBC_[\d.]+)' not found/)?.[1];

/** The problem in a few words, for test titles and notices. */
export const uwsShortProblem: string | undefined =
  glibcWanted === undefined ? uwsProblem?.slice(0, 100) : `glibc too old, ${glibcWanted} needed`;

/**
 * The realtime engines this part of `npm test` covers, each engine once: uWebSockets.js's in the
 * part on the uws HTTP transport (which `npm test` runs under a newer glibc where uWS needs one),
 * Socket.IO on Node's HTTP server in the part on Koa.
 */
export const realtimeEngines: readonly ('node' | 'uws')[] = testHttpEngine === 'uws' ? ['uws'] : ['node'];

/** Why a uws engine test is skipped, for its title. */
export const uwsSkipped = `(uWebSockets.js does not load here: ${uwsShortProblem}; npm test runs it under a newer glibc)`;
