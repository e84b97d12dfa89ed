import fc from 'fast-check';
import type { JsonSchema } from './schema-arbitrary.ts';

/** JSON text put in verbatim where a value would be: numbers JSON.stringify cannot write, nesting it would overflow on. */
export class RawJson {
  constructor(readonly text: string) {}
  [fc.toStringMethod](): string {
    return `raw(${this.text.length > 40 ? `${this.text.slice(0, 20)}...${this.text.length} chars` : this.text})`;
  }
}

/** `[[[...]]]` or `{"a":{"a":...}}` to the depth given, as text. */
export function nested(depth: number, kind: 'array' | 'object'): RawJson {
  return new RawJson(kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
}

/** Text that breaks databases, parsers and length checks: lone surrogates, NUL, controls, astral and combining characters. */
export const HOSTILE_TEXT = [
  '\ud800',
  'lone \udc00 low',
  'ab\ud83dcd',
  '\u0000',
  'nul\u0000inside',
  '\u0001\u0002\u001f\u007f',
  '\u2028\u2029',
  '\ufeffbom',
  '\u202eright-to-left',
  'zero\u200bwidth',
  '\uffff\ufffe',
  '中文字符',
  '👩‍👩‍👧‍👦',
  '𝕬𝖇𝖈',
  'é'.normalize('NFD'),
  "' OR '1'='1",
  "'; DROP TABLE units; --",
  '%s%s%n%x',
  '${jndi:ldap://x/a}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '\\',
  '"',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  ' ',
  '\t\r\n',
];

const UUID_NEAR_MISSES = (id: string) => [
  `urn:uuid:${id}`,
  `{${id}}`,
  id.replace(/-/g, ''),
  `${id}\n`,
  ` ${id}`,
  id.slice(1),
  `${id}0`,
  id.replace(/[0-9a-f]/, 'g'),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  id.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d))),
];

const DATE_TIME_NEAR_MISSES = [
  '2026-02-30T00:00:00Z',
  '2026-06-30T23:59:60Z',
  '9999-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '2026-05-01',
  '2026-05-01T10:00:00',
  '2026-05-01T10:00:00+25:00',
  '2026-05-01T24:00:00Z',
  'yesterday',
];

const DATE_NEAR_MISSES = ['2026-02-30', '0000-00-00', '9999-99-99', '2026-13-01', '1900-02-29', '2000-02-29', '2026-5-1', '20260501'];

/** Numbers at and just past every edge, and literals JSON.stringify would never write. */
function hostileNumbers(schema: JsonSchema): fc.Arbitrary<unknown> {
  const edges: number[] = [];
  for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const) {
    const edge = schema[key];
    if (typeof edge === 'number') edges.push(edge, edge - 1, edge + 1, edge - 1e-9, edge + 1e-9);
  }
  const classic = [0, -1, 1.5, 0.1 + 0.2, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, 2 ** 53 + 2, -(2 ** 53), Number.MAX_VALUE];
  const more = [-Number.MAX_VALUE, Number.MIN_VALUE, 1e21, -1e21];
  const raws = ['1e400', '-1e400', '1e-400', '123456789012345678901234567890', '-0', '1.0', '1E2', '0.0000001'].map((t) => new RawJson(t));
  return fc.oneof(
    fc.constantFrom(...edges, ...classic, ...more),
    fc.constantFrom(...raws),
    fc.constantFrom('5', '1e3', 'NaN', 'Infinity', '', '0x10'),
    fc.double(),
  );
}

function hostileStrings(schema: JsonSchema, current: unknown): fc.Arbitrary<unknown> {
  const maxLength = (schema['maxLength'] as number | undefined) ?? 64;
  const minLength = (schema['minLength'] as number | undefined) ?? 0;
  const lengths = [
    'x'.repeat(maxLength + 1),
    'x'.repeat(maxLength),
    '😀'.repeat(maxLength),
    'é'.normalize('NFD').repeat(maxLength),
    '\u00e9'.repeat(maxLength + 1),
    'a'.repeat(100_000),
    ...(minLength > 0 ? ['x'.repeat(minLength - 1)] : []),
  ];
  const text = typeof current === 'string' ? current : 'a';
  const formats =
    schema['format'] === 'uuid'
      ? UUID_NEAR_MISSES(text)
      : schema['format'] === 'date-time'
        ? DATE_TIME_NEAR_MISSES
        : schema['format'] === 'date' || String(schema['pattern'] ?? '').includes('[0-9]{4}')
          ? DATE_NEAR_MISSES
          : [];
  const enums = Array.isArray(schema['enum']) ? [text.toLowerCase(), ` ${text}`, `${text}\u0000`, 'UNKNOWN_VALUE'] : [];
  return fc.oneof(
    fc.constantFrom(...HOSTILE_TEXT),
    fc.constantFrom(...lengths),
    ...(formats.length + enums.length > 0 ? [fc.constantFrom(...formats, ...enums)] : []),
    fc.string({ unit: 'binary', maxLength: maxLength + 8 }),
    fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((s) => `${text}${s}`),
  );
}

const WRONG_TYPES: Record<string, unknown[]> = {
  string: [0, -1, 1.5, true, false, [], ['text'], {}, { text: 'x' }],
  number: ['', '1', true, [], [1], {}, { value: 1 }],
  integer: ['', '1', true, [], [1], {}, { value: 1 }],
  boolean: ['true', 'false', 1, 0, [], {}, [true]],
  array: ['', 'a,b', 1, true, {}, { 0: 'a', length: 1 }],
  object: ['', 'object', 1, true, [], [{}], [['a', 1]]],
};

/** A value of the wrong shape for the schema, or a hostile one of the right shape. */
export function hostileValue(schema: JsonSchema, current: unknown): fc.Arbitrary<unknown> {
  const types = [schema['type']].flat().filter((t): t is string => typeof t === 'string');
  const type = types[0] ?? (schema['properties'] !== undefined ? 'object' : typeof current === 'string' ? 'string' : undefined);
  const general = fc.oneof(
    fc.constant(null),
    fc.constantFrom(...(WRONG_TYPES[type ?? 'object'] ?? WRONG_TYPES['object']!)),
    fc.constant([current]),
    fc.constantFrom(nested(17, 'object'), nested(64, 'array'), nested(2_000, 'array'), nested(100_000, 'array')),
    fc.jsonValue({ maxDepth: 3 }),
  );
  const specific =
    type === 'string'
      ? hostileStrings(schema, current)
      : type === 'number' || type === 'integer'
        ? hostileNumbers(schema)
        : type === 'array'
          ? fc.constantFrom(
              [],
              Array.from({ length: ((schema['maxItems'] as number) ?? 20) + 1 }, () => current),
              new Array(10_000).fill(1),
            )
          : null;
  return specific === null ? general : fc.oneof(general, specific);
}

/** Names a body should never be able to bind, or that trip up code reading objects. */
export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'id',
  'organisationId',
  'createdAt',
  '',
  'k\u0000',
  '\ud800',
  'k'.repeat(10_000),
  '$where',
  'a.b',
  'a/b',
];
