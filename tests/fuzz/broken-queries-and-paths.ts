import fc from 'fast-check';
import { percentEncoded } from './fuzz-request.ts';
import { HOSTILE_KEYS, HOSTILE_TEXT } from './hostile-values.ts';
import type { JsonSchema } from './schema-arbitrary.ts';

/** A query parameter as it goes on the wire (already encoded); a null value is a bare key. */
export type QueryPair = readonly [string, string | null];

/** Encodings that are wrong, or right but mean something odd: NUL, a surrogate in UTF-8, truncated escapes. */
const RAW_ESCAPES = ['%00', '%ED%A0%80', '%E0%A4%A', '%', '%ZZ', '%C0%80', '%FF%FE', '+', '%2B', '%20', '%0A', '%2F..%2F'];

/** Numbers and non-numbers at the edges of what query text coerces to. */
const NUMERIC_TEXT = ['lots', '-1', '0', '501', '1e3', '1.5', '9007199254740993', '1e400', 'NaN', 'Infinity', '-0', '0x1F', '%207', '7%20'];
const OTHER_TEXT = ['', 'true', 'TRUE', 'yes', 'null', 'undefined', '[]', '{}', 'a'.repeat(4_000)];

const hostileQueryValue = fc.oneof(
  fc.constantFrom(...RAW_ESCAPES, ...NUMERIC_TEXT, ...OTHER_TEXT),
  fc.constantFrom(...HOSTILE_TEXT).map(percentEncoded),
  fc.string({ unit: 'binary', maxLength: 30 }).map(percentEncoded),
);

type QueryMutation =
  | { readonly kind: 'replace'; readonly key: string; readonly value: string | null }
  | { readonly kind: 'repeat'; readonly key: string; readonly value: string }
  | { readonly kind: 'drop'; readonly key: string }
  | { readonly kind: 'add'; readonly key: string; readonly value: string };

function applied(pairs: readonly QueryPair[], mutation: QueryMutation): QueryPair[] {
  switch (mutation.kind) {
    case 'replace':
      return [...pairs.filter(([key]) => key !== mutation.key), [mutation.key, mutation.value]];
    case 'repeat':
      return [...pairs, [mutation.key, mutation.value]];
    case 'drop':
      return pairs.filter(([key]) => key !== mutation.key);
    case 'add':
      return [...pairs, [mutation.key, mutation.value]];
  }
}

/** A valid query with one to three of its parameters given wrong values, repeated, dropped, or joined by strangers. */
export function brokenQuery(schema: JsonSchema, valid: readonly QueryPair[]): fc.Arbitrary<{ pairs: QueryPair[]; note: string }> {
  const keys = Object.keys((schema['properties'] ?? {}) as object);
  const key = fc.constantFrom(...keys);
  const strangeKey = fc.oneof(
    fc.constantFrom(...HOSTILE_KEYS.map(percentEncoded), ...keys.flatMap((k) => [`${k}[]`, `${k}[a]`, `${k}.x`, k.toUpperCase()])),
    fc.constantFrom(...RAW_ESCAPES),
  );
  const mutation: fc.Arbitrary<QueryMutation> = fc.oneof(
    fc.record({ kind: fc.constant('replace' as const), key, value: fc.option(hostileQueryValue, { nil: null, freq: 8 }) }),
    fc.record({ kind: fc.constant('repeat' as const), key, value: hostileQueryValue }),
    fc.record({ kind: fc.constant('drop' as const), key }),
    fc.record({ kind: fc.constant('add' as const), key: strangeKey, value: hostileQueryValue }),
  );
  return fc.array(mutation, { minLength: 1, maxLength: 3 }).map((mutations) => ({
    pairs: mutations.reduce<QueryPair[]>(applied, [...valid]),
    note: mutations.map((m) => `${m.kind} ${m.key}`).join(', '),
  }));
}

/** A path segment that is not an id, or is one in a form the service must not take (or must take the same). */
export function brokenPathSegment(id: string, worldIds: readonly string[]): fc.Arbitrary<string> {
  const nearMisses = [
    // No empty, `.` or `..` segment: those lead to another route (or none), whose answers are judged there.
    'not-a-uuid',
    '%2F',
    'null',
    '0',
    '-1',
    'a'.repeat(5_000),
    percentEncoded(`urn:uuid:${id}`),
    percentEncoded(`{${id}}`),
    id.replace(/-/g, ''),
    `${id}%0A`,
    `${id}%00`,
    `%20${id}`,
    `${id}x`,
    id.toUpperCase(),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    percentEncoded(id.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d)))),
  ];
  return fc.oneof(
    fc.constantFrom(...nearMisses),
    fc.constantFrom(...RAW_ESCAPES),
    fc.constantFrom(...HOSTILE_TEXT).map(percentEncoded),
    // A real id, of another kind of thing.
    fc.constantFrom(...worldIds),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map(percentEncoded),
  );
}
