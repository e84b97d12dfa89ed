import fc from 'fast-check';
import { HOSTILE_KEYS, RawJson, hostileValue, nested } from './hostile-values.ts';
import { type IdHints, type JsonSchema, arbitraryOf, merged } from './schema-arbitrary.ts';
import { schemaProblem } from './schema-check.ts';

type Path = readonly (string | number)[];

/** One change to a valid body: a value replaced, a field dropped, or a field added. */
export type Mutation =
  | { readonly kind: 'replace'; readonly path: Path; readonly value: unknown }
  | { readonly kind: 'drop'; readonly path: Path }
  | { readonly kind: 'add'; readonly path: Path; readonly key: string; readonly value: unknown };

/** A place in a valid value, with the schema that governs it. */
interface Site {
  readonly path: Path;
  readonly schema: JsonSchema;
  readonly value: unknown;
}

/** The branch of an anyOf/oneOf that the value satisfies (the first one when none does). */
function resolved(schema: JsonSchema, value: unknown): JsonSchema {
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword] as JsonSchema[] | undefined;
    if (branches === undefined) continue;
    const { [keyword]: _, ...base } = schema;
    const options = branches.map((branch) => merged(base, branch));
    return resolved(options.find((option) => schemaProblem(option, value) === null) ?? options[0]!, value);
  }
  return schema;
}

function sitesOf(schema: JsonSchema, value: unknown, path: Path = []): Site[] {
  const own = resolved(schema, value);
  const here: Site = { path, schema: own, value };
  if (Array.isArray(value)) {
    const items = (own['items'] ?? {}) as JsonSchema;
    return [here, ...value.flatMap((item, i) => sitesOf(items, item, [...path, i]))];
  }
  if (value !== null && typeof value === 'object') {
    const properties = (own['properties'] ?? {}) as Record<string, JsonSchema>;
    return [here, ...Object.entries(value).flatMap(([key, item]) => sitesOf(properties[key] ?? {}, item, [...path, key]))];
  }
  return [here];
}

function mutationAt(site: Site): fc.Arbitrary<Mutation> {
  const replace = hostileValue(site.schema, site.value).map((value): Mutation => ({ kind: 'replace', path: site.path, value }));
  const options: fc.Arbitrary<Mutation>[] = [replace];
  if (site.path.length > 0 && typeof site.path.at(-1) === 'string') options.push(fc.constant({ kind: 'drop', path: site.path }));
  if (site.value !== null && typeof site.value === 'object' && !Array.isArray(site.value)) {
    const key = fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }));
    const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(nested(40, 'object')), fc.constant('x'.repeat(20_000)));
    options.push(fc.record({ kind: fc.constant('add' as const), path: fc.constant(site.path), key, value }));
  }
  return fc.oneof(...options);
}

/** A body that the schema accepts, then broken in one to three places. */
export function brokenBody(schema: JsonSchema, hints: IdHints): fc.Arbitrary<{ valid: unknown; mutations: Mutation[] }> {
  return arbitraryOf(schema, hints).chain((valid) => {
    const sites = sitesOf(schema, valid);
    return fc
      .array(
        fc.constantFrom(...sites).chain((site) => mutationAt(site)),
        { minLength: 1, maxLength: 3 },
      )
      .map((mutations) => ({ valid, mutations }));
  });
}

/** Applies the mutations in turn to a copy; one whose place is gone by then is skipped. */
export function mutated(valid: unknown, mutations: readonly Mutation[]): unknown {
  let root: unknown = structuredClone(valid);
  for (const mutation of mutations) {
    if (mutation.path.length === 0) {
      if (mutation.kind === 'replace') root = mutation.value;
      if (mutation.kind === 'add' && root !== null && typeof root === 'object') define(root, mutation.key, mutation.value);
      continue;
    }
    let parent: unknown = root;
    for (const step of mutation.path.slice(0, -1))
      parent = parent !== null && typeof parent === 'object' ? (parent as any)[step] : undefined;
    if (parent === null || typeof parent !== 'object') continue;
    const last = mutation.path.at(-1)!;
    if (mutation.kind === 'replace') define(parent, last, mutation.value);
    if (mutation.kind === 'drop') delete (parent as Record<string | number, unknown>)[last];
    if (mutation.kind === 'add') {
      const target = (parent as any)[last];
      if (target !== null && typeof target === 'object') define(target, mutation.key, mutation.value);
    }
  }
  return root;
}

/** Sets an own property, even one named `__proto__`. */
function define(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** JSON text of a value that may hold `RawJson` pieces, written in verbatim. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) return `@@rawjson${raws.push(item.text) - 1}@@`;
    return item;
  });
  return text === undefined ? '' : text.replace(/"@@rawjson(\d+)@@"/g, (_, i: string) => raws[Number(i)]!);
}
