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
