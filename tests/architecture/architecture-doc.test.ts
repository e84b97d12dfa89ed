import { existsSync, readFileSync } from 'node:fs';
import test from 'ava';

/** Every path the maintainers' map names in backticks, such as `application/use-cases.ts`. */
function namedPaths(markdown: string): string[] {
  const paths = [...markdown.matchAll(/`((?:domain|application|adapters|composition|tests|docs|scripts)\/[\w./-]*)`/g)].map((m) => m[1]!);
  return [...new Set(paths)];
}

test('docs/architecture.md names only files and folders that exist', (t) => {
  const paths = namedPaths(readFileSync('docs/architecture.md', 'utf8'));
  // The map walks a request through at least a dozen files; far fewer means the check lost its grip.
  t.true(paths.length >= 12, `only ${paths.length} paths found`);
  t.deepEqual(
    paths.filter((path) => !existsSync(path)),
    [],
  );
});

test('the check sees a path that does not exist', (t) => {
  const paths = namedPaths('walk: `application/no-such-use-case.ts`, then `domain/unit/unit.ts`.');
  t.deepEqual(paths, ['application/no-such-use-case.ts', 'domain/unit/unit.ts']);
  t.false(existsSync(paths[0]!));
});
