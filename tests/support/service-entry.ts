import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, which the entries' relative paths start from. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The folders `npm run build` compiles (composition/tsconfig.build.json) and copies the pages from. */
const SOURCES = ['domain', 'application', 'adapters', 'composition'];

let current: boolean | undefined;

/** The newest modification time of any file below `dir`, in ms. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * Whether `dist/` holds a build of the sources as they are now: every compiled entry is newer than
 * every file of the folders the build reads. CI builds before it tests; a developer who changed a
 * source since their last build gets the sources under tsx instead, never a stale build.
 */
export function builtIsCurrent(): boolean {
  if (current === undefined) {
    try {
      const built = Math.min(...['server', 'cli'].map((entry) => statSync(join(ROOT, `dist/composition/${entry}.js`)).mtimeMs));
      current = SOURCES.every((folder) => newest(join(ROOT, folder)) <= built);
    } catch {
      current = false;
    }
  }
  return current;
}

/**
 * Node's arguments for one of the service's entries, as `npm start` (`server`) and `npm run cli`
 * (`cli`) run it: the compiled file when the build is current (it starts in about half the time),
 * else the TypeScript source under tsx, which is what those scripts run.
 */
export function entryArguments(entry: 'server' | 'cli'): string[] {
  return builtIsCurrent() ? [`dist/composition/${entry}.js`] : ['--import=tsx', `composition/${entry}.ts`];
}
