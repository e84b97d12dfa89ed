import test from 'ava';
import fc from 'fast-check';
import { publishedBody } from '../../adapters/http/route-spec.ts';
import { ROUTES } from '../../adapters/http/routes/index.ts';
import { jsonText, mutated } from './broken-bodies.ts';
import { seedOf } from './fuzz-settings.ts';
import { nested, RawJson } from './hostile-values.ts';
import { type JsonSchema, arbitraryOf } from './schema-arbitrary.ts';
import { schemaProblem } from './schema-check.ts';

const ID = '0190a5b6-0000-7000-8000-000000000001';

// The generator is only as good as its valid values: every one must pass the route's own schema
// (the body as published, with the rules between its fields).
for (const spec of ROUTES) {
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = part === 'body' ? publishedBody(spec) : spec[part];
    if (schema === undefined) continue;
    test(`${spec.operationId}: generated ${part} values pass the route's ${part} schema`, (t) => {
      const property = fc.property(
        arbitraryOf(schema, () => [ID]),
        (value) => {
          const problem = schemaProblem(schema, value);
          if (problem !== null) throw new Error(`${problem}: ${JSON.stringify(value)}`);
        },
      );
      fc.assert(property, { numRuns: 60, seed: seedOf('generator', spec.operationId, part) });
      t.pass();
    });
  }
}

const sample = <T>(arbitrary: fc.Arbitrary<T>) => fc.sample(arbitrary, { numRuns: 300, seed: 7 });

test('every keyword of the small JSON Schema subset is honoured', (t) => {
  const schema: JsonSchema = {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid', 'x-canonical-uuid': true },
      at: { type: 'string', format: 'date-time' },
      day: { type: 'string', format: 'date' },
      slug: { type: 'string', pattern: '^[a-z]+(-[a-z]+)*$', maxLength: 12 },
      name: { type: 'string', minLength: 2, maxLength: 5 },
      count: { type: 'integer', minimum: 1, maximum: 3 },
      radius: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
      flag: { type: 'boolean' },
      kind: { enum: ['a', 'b'] },
      fixed: { const: 'Bearer' },
      tags: { type: 'array', items: { type: 'string', maxLength: 3 }, minItems: 1, maxItems: 2, uniqueItems: true },
      maybe: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
      either: { oneOf: [{ type: 'boolean' }, { type: 'string', maxLength: 1 }] },
      old: { type: 'string', nullable: true },
      x: { type: 'number' },
      y: { type: 'number' },
    },
    required: ['id', 'name'],
    dependencies: { x: ['y'], y: ['x'] },
    minProperties: 4,
  };
  const values = sample(arbitraryOf(schema, () => [ID]));
  for (const value of values) t.is(schemaProblem(schema, value), null, JSON.stringify(value));
  const seen = (key: string) => values.filter((v) => key in (v as object)).length;
  t.true(seen('old') > 0 && seen('old') < values.length, 'optional fields are sometimes sent, sometimes not');
  t.true(
    values.some((v) => (v as { id: string }).id === ID),
    'the hinted id is used',
  );
  t.true(
    values.some((v) => (v as { id: string }).id === ID.toUpperCase()),
    'a canonicalised id is also sent in upper case',
  );
  t.true(values.some((v) => (v as { maybe?: unknown }).maybe === null));
});

test('a branch of anyOf that only adds a requirement narrows its base', (t) => {
  const schema: JsonSchema = {
    type: 'object',
    properties: { civilian: { type: 'string' }, plate: { type: 'string' } },
    anyOf: [{ required: ['civilian'] }, { required: ['plate'] }],
  };
  for (const value of sample(arbitraryOf(schema))) t.is(schemaProblem(schema, value), null, JSON.stringify(value));
});

test('a keyword the generator does not know stops it, rather than being fuzzed half-way', (t) => {
  t.throws(() => arbitraryOf({ type: 'string', contentEncoding: 'base64' }), { message: /contentEncoding/ });
  t.throws(() => arbitraryOf({ $ref: '#/components/schemas/Unit' }), { message: /\$ref/ });
});

test('raw JSON pieces are written verbatim, and a __proto__ field is sent as a field', (t) => {
  const body = mutated({ a: 1, b: { c: 'x' } }, [
    { kind: 'replace', path: ['a'], value: new RawJson('1e400') },
    { kind: 'replace', path: ['b', 'c'], value: nested(3, 'array') },
    { kind: 'add', path: [], key: '__proto__', value: { admin: true } },
    { kind: 'drop', path: ['missing', 'deeper'] },
  ]);
  t.is(jsonText(body), '{"a":1e400,"b":{"c":[[[]]]},"__proto__":{"admin":true}}');
});
