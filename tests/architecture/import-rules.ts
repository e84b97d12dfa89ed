import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export interface Violation {
  readonly file: string;
  readonly specifier: string;
  readonly rule: string;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const DECORATOR = /^\s*@[A-Za-z_$][\w$]*\s*(\(|$)/m;

export function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(IMPORT)) found.push((match[1] ?? match[2] ?? match[3])!);
  return found;
}

/** The layer a path belongs to: `domain`, `application`, `composition`, or `adapters/<name>`. */
function layerOf(path: string): string {
  const parts = path.split(sep);
  return parts[0] === 'adapters' ? `adapters/${parts[1]}` : parts[0]!;
}

/**
 * The dependency rule of the architecture: the centre imports nothing outside itself (no package,
 * no Node module, no adapter) and carries no decorator; an adapter reaches another only through
 * its `index.ts`; only the composition root knows the composition root.
 */
export function check(file: string, source: string): Violation[] {
  const layer = layerOf(file);
  const violations: Violation[] = [];
  if ((layer === 'domain' || layer === 'application') && DECORATOR.test(source)) {
    violations.push({ file, specifier: '@decorator', rule: 'no DI or ORM decorator in the centre' });
  }
  for (const specifier of importsOf(source)) {
    if (!specifier.startsWith('.')) {
      if (layer === 'domain' || layer === 'application')
        violations.push({ file, specifier, rule: `${layer}/ imports no package or Node module` });
      continue;
    }
    const target = relative('.', resolve(dirname(file), specifier));
    const targetLayer = layerOf(target);
    if (layer === 'domain' && targetLayer !== 'domain') violations.push({ file, specifier, rule: 'domain/ imports only domain/' });
    if (layer === 'application' && !['domain', 'application'].includes(targetLayer)) {
      violations.push({ file, specifier, rule: 'application/ imports only domain/ and application/' });
    }
    if (layer.startsWith('adapters/') && targetLayer === 'composition')
      violations.push({ file, specifier, rule: 'adapters never import the composition root' });
    if (
      layer.startsWith('adapters/') &&
      targetLayer.startsWith('adapters/') &&
      targetLayer !== layer &&
      !target.endsWith(`${sep}index.ts`)
    ) {
      violations.push({ file, specifier, rule: 'an adapter reaches another only through its index.ts, never its internals' });
    }
  }
  return violations;
}

export function sourceFiles(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

export function checkTree(roots: readonly string[]): Violation[] {
  return roots.flatMap(sourceFiles).flatMap((file) => check(file, readFileSync(file, 'utf8')));
}
