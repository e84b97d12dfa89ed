import fc from 'fast-check';

export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * Values of the world that a field should mostly carry, by the field's name: its ids for uuid
 * fields (so that lookups find something), a few known texts (a plate, a slug) for others.
 */
export type IdHints = (field: string | undefined, kind: 'uuid' | 'text') => readonly string[];

const noHints: IdHints = () => [];

/**
 * The keywords the generator understands. Anything else with a meaning for validation stops it
 * loudly, so that a schema the table starts to use is noticed instead of half-fuzzed.
 */
const KNOWN = new Set([
  ...['type', 'properties', 'required', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'nullable', 'format', 'pattern'],
  ...['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  ...['items', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties', 'dependencies', 'dependentRequired'],
  ...['additionalProperties', 'default', 'description', 'title', 'examples', 'x-canonical-uuid', '$id', '$schema', 'readOnly'],
  ...['deprecated', 'writeOnly'],
]);

const DAY = 86_400_000;
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/** Values that the schema accepts; `field` is the property name the value sits under, for id hints. */
export function arbitraryOf(schema: JsonSchema, hints: IdHints = noHints, field?: string): fc.Arbitrary<unknown> {
  for (const keyword of Object.keys(schema)) {
    if (!KNOWN.has(keyword) && !keyword.startsWith('x-')) throw new Error(`the fuzzer does not know the schema keyword ${keyword}`);
  }
  if ('const' in schema) return fc.constant(schema['const']);
  if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as unknown[]));
  if (schema['nullable'] === true) {
    const { nullable: _, ...rest } = schema;
    return fc.oneof(arbitraryOf(rest, hints, field), fc.constant(null));
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword] as JsonSchema[] | undefined;
    if (branches === undefined) continue;
    const { [keyword]: _, ...base } = schema;
    // A branch may only add a constraint to its base (`anyOf: [{ required: [a] }, { required: [b] }]`).
    return fc.oneof(...branches.map((branch) => arbitraryOf(merged(base, branch), hints, field)));
  }
  if (Array.isArray(schema['allOf'])) {
    const { allOf, ...base } = schema;
    return arbitraryOf((allOf as JsonSchema[]).reduce(merged, base), hints, field);
  }
  const type = schema['type'] ?? (schema['properties'] !== undefined ? 'object' : undefined);
  if (Array.isArray(type)) return fc.oneof(...type.map((one: string) => arbitraryOf({ ...schema, type: one }, hints, field)));
  switch (type) {
    case 'string':
      return stringOf(schema, hints, field);
    case 'integer':
      return integerOf(schema);
    case 'number':
      return fc.oneof(integerOf(schema), numberOf(schema));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayOf(schema, hints, field);
    case 'object':
      return objectOf(schema, hints);
    case undefined:
      return fc.jsonValue({ maxDepth: 2 });
    default:
      throw new Error(`the fuzzer does not know the type ${String(type)}`);
  }
}

/** The base schema with one branch's constraints added (both must hold). */
export function merged(base: JsonSchema, branch: JsonSchema): JsonSchema {
  const properties = { ...(base['properties'] as object), ...(branch['properties'] as object) };
  const required = [...new Set([...((base['required'] as string[]) ?? []), ...((branch['required'] as string[]) ?? [])])];
  return { ...base, ...branch, properties, required };
}

function stringOf(schema: JsonSchema, hints: IdHints, field: string | undefined): fc.Arbitrary<string> {
  const minLength = (schema['minLength'] as number | undefined) ?? 0;
  const maxLength = (schema['maxLength'] as number | undefined) ?? Math.max(minLength, 40);
  const fits = (text: string) => [...text].length >= minLength && [...text].length <= maxLength;
  switch (schema['format']) {
    case 'uuid':
      return uuidOf(hints(field, 'uuid'), schema['x-canonical-uuid'] === true);
    case 'date-time':
      return fc.integer({ min: EARLIEST, max: LATEST }).map((ms) => new Date(ms).toISOString());
    case 'date':
      return fc.integer({ min: EARLIEST / DAY, max: LATEST / DAY }).map((day) => new Date(day * DAY).toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl();
    case undefined:
      break;
    default:
      throw new Error(`the fuzzer does not know the string format ${String(schema['format'])}`);
  }
  const pattern = typeof schema['pattern'] === 'string' ? new RegExp(schema['pattern']) : null;
  const known = hints(field, 'text').filter((text) => fits(text) && (pattern === null || pattern.test(text)));
  // One code point per unit, so that the length is the schema's length (ajv counts code points).
  const unit = fc.oneof(
    { arbitrary: fc.constant('grapheme-ascii' as const), weight: 3 },
    { arbitrary: fc.constant('grapheme-composite' as const), weight: 1 },
  );
  const any =
    pattern !== null
      ? fc.stringMatching(pattern, { size: 'small' }).filter(fits)
      : unit.chain((u) => fc.string({ unit: u, minLength, maxLength }));
  return known.length === 0 ? any : fc.oneof(fc.constantFrom(...known), any);
}

/** Mostly the world's ids (so that lookups find something), sometimes any UUID, in either case when the service folds it. */
export function uuidOf(known: readonly string[], anyCase: boolean): fc.Arbitrary<string> {
  const any = fc.uuid();
  const id = known.length === 0 ? any : fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, { arbitrary: any, weight: 1 });
  return anyCase ? fc.tuple(id, fc.boolean()).map(([text, upper]) => (upper ? text.toUpperCase() : text)) : id;
}

function bounds(schema: JsonSchema): { min: number; max: number; minExcluded: boolean; maxExcluded: boolean } {
  const exclusiveMin = schema['exclusiveMinimum'];
  const exclusiveMax = schema['exclusiveMaximum'];
  return {
    min: typeof exclusiveMin === 'number' ? exclusiveMin : ((schema['minimum'] as number | undefined) ?? -1e9),
    max: typeof exclusiveMax === 'number' ? exclusiveMax : ((schema['maximum'] as number | undefined) ?? 1e9),
    minExcluded: typeof exclusiveMin === 'number',
    maxExcluded: typeof exclusiveMax === 'number',
  };
}

function integerOf(schema: JsonSchema): fc.Arbitrary<number> {
  const b = bounds(schema);
  const min = b.minExcluded ? Math.floor(b.min) + 1 : Math.ceil(b.min);
  const max = b.maxExcluded ? Math.ceil(b.max) - 1 : Math.floor(b.max);
  const inside = fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
  // The edges are where off-by-one mistakes live.
  return fc.oneof({ arbitrary: inside, weight: 4 }, { arbitrary: fc.constantFrom(min, max), weight: 1 });
}

function numberOf(schema: JsonSchema): fc.Arbitrary<number> {
  const { min, max, minExcluded, maxExcluded } = bounds(schema);
  return fc.double({ min, max, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
}

function arrayOf(schema: JsonSchema, hints: IdHints, field: string | undefined): fc.Arbitrary<unknown[]> {
  const items = arbitraryOf((schema['items'] as JsonSchema | undefined) ?? {}, hints, field);
  const minLength = (schema['minItems'] as number | undefined) ?? 0;
  const maxLength = Math.min((schema['maxItems'] as number | undefined) ?? minLength + 4, minLength + 6);
  return schema['uniqueItems'] === true
    ? fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) })
    : fc.array(items, { minLength, maxLength });
}

/**
 * Every property is generated, and a mask says which optional ones are sent; then `dependencies`
 * and `minProperties` add what they need.
 */
function objectOf(schema: JsonSchema, hints: IdHints): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
  const names = Object.keys(properties);
  if (names.length === 0) return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
  const required = new Set((schema['required'] as string[] | undefined) ?? []);
  const dependencies = {
    ...((schema['dependencies'] as Record<string, string[]> | undefined) ?? {}),
    ...((schema['dependentRequired'] as Record<string, string[]> | undefined) ?? {}),
  };
  const minProperties = (schema['minProperties'] as number | undefined) ?? 0;
  const values = fc.record(Object.fromEntries(names.map((name) => [name, arbitraryOf(properties[name]!, hints, name)])));
  const sent = fc.array(fc.boolean(), { minLength: names.length, maxLength: names.length });
  return fc.tuple(values, sent).map(([all, mask]) => {
    const chosen = new Set(names.filter((name, i) => required.has(name) || mask[i]));
    for (const name of names) if (chosen.size < minProperties) chosen.add(name);
    for (let grew = true; grew;) {
      grew = false;
      for (const name of [...chosen])
        for (const needed of dependencies[name] ?? []) if (!chosen.has(needed)) (chosen.add(needed), (grew = true));
    }
    return Object.fromEntries(names.filter((name) => chosen.has(name)).map((name) => [name, all[name]]));
  });
}
