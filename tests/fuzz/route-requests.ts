import fc from 'fast-check';
import { type RouteSpec, publishedBody, takesIdempotencyKey } from '../../adapters/http/route-spec.ts';
import { type Mutation, brokenBody, jsonText, mutated } from './broken-bodies.ts';
import { type FuzzRequest, percentEncoded, printable } from './fuzz-request.ts';
import { brokenPathSegment, brokenQuery, type QueryPair } from './broken-queries-and-paths.ts';
import { brokenTransport } from './broken-transport.ts';
import { type IdHints, type JsonSchema, arbitraryOf } from './schema-arbitrary.ts';

/** A route of the table with a world to call it in: its ids, a few known texts, and the bearer its guard wants. */
export interface RouteTarget {
  readonly spec: RouteSpec;
  readonly ids: Readonly<Record<string, string>>;
  readonly texts: Readonly<Record<string, readonly string[]>>;
  readonly token: string | undefined;
  /** The methods the table serves on this route's path (a request with one of them is another route's). */
  readonly methodsOnPath: readonly string[];
}

/**
 * The invariant families: requests the schemas accept, then bodies, queries, path parameters and
 * the transport (content type, encoding, JSON text, size) broken in turn.
 */
export type Family = 'valid' | 'body' | 'query' | 'path' | 'transport';

export function familiesOf(spec: RouteSpec): Family[] {
  return [
    'valid',
    ...(spec.body !== undefined ? (['body'] as const) : []),
    ...(spec.query !== undefined ? (['query'] as const) : []),
    ...(spec.params !== undefined ? (['path'] as const) : []),
    'transport',
  ];
}

export function hintsOf(target: RouteTarget): IdHints {
  const ids = Object.entries(target.ids);
  return (field, kind) => {
    if (kind === 'text') return field === undefined ? [] : (target.texts[field] ?? []);
    if (field === undefined) return ids.map(([, id]) => id);
    // `subjectCivilianId` is a civilian's id, `issuingDepartmentId` a department's.
    const named = ids.find(([name]) => name === field) ?? ids.find(([name]) => field.toLowerCase().endsWith(name.toLowerCase()));
    return named !== undefined ? [named[1]] : ids.map(([, id]) => id);
  };
}

const paramNames = (spec: RouteSpec) => Object.keys((spec.params?.['properties'] ?? {}) as object);

/** Path parameters as they go on the wire: mostly the world's ids, sometimes any id the schema takes. */
function validSegments(target: RouteTarget): fc.Arbitrary<Record<string, string>> {
  const properties = (target.spec.params?.['properties'] ?? {}) as Record<string, JsonSchema>;
  const hints = hintsOf(target);
  return fc.record(
    Object.fromEntries(
      paramNames(target.spec).map((name) => {
        const own = target.ids[name];
        const any = arbitraryOf(properties[name]!, hints, name).map((v) => percentEncoded(String(v)));
        return [name, own === undefined ? any : fc.oneof({ arbitrary: fc.constant(own), weight: 5 }, { arbitrary: any, weight: 1 })];
      }),
    ),
  );
}

function validQuery(target: RouteTarget): fc.Arbitrary<QueryPair[]> {
  if (target.spec.query === undefined) return fc.constant([]);
  return arbitraryOf(target.spec.query, hintsOf(target)).map((query) =>
    Object.entries(query as Record<string, unknown>).map(([key, value]): QueryPair => [key, percentEncoded(String(value))]),
  );
}

function validBody(target: RouteTarget): fc.Arbitrary<unknown> {
  // As published: the fields' shapes and the rules between them (decision 0035).
  const body = publishedBody(target.spec);
  return body === undefined ? fc.constant(undefined) : arbitraryOf(body, hintsOf(target));
}

function request(target: RouteTarget, parts: Partial<FuzzRequest> & { segments: Record<string, string>; query: QueryPair[] }): FuzzRequest {
  const path = target.spec.path.replace(/:([A-Za-z]+)/g, (_, name: string) => parts.segments[name] ?? '');
  const query = parts.query.map(([key, value]) => (value === null ? key : `${key}=${value}`)).join('&');
  const headers: Record<string, string> = {
    ...(target.token === undefined ? {} : { authorization: `Bearer ${target.token}` }),
    ...(parts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...parts.headers,
  };
  if (headers['content-type'] === '') delete headers['content-type'];
  return printable({
    method: parts.method ?? target.spec.method,
    target: query === '' ? path : `${path}?${query}`,
    headers,
    ...(parts.body === undefined ? {} : { body: parts.body }),
    note: parts.note ?? '',
  });
}

const describeMutation = (m: Mutation) =>
  `${m.kind} ${m.path.join('.') || '(root)'}${m.kind === 'add' ? `.${JSON.stringify(m.key.slice(0, 40))}` : ''}`;

/** Header text a client can send: printable Latin-1, no control characters. */
const headerText = (minLength: number, maxLength: number) =>
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((code) => code !== 0x7f && (code < 0x80 || code > 0x9f))
      .map((code) => String.fromCharCode(code)),
    minLength,
    maxLength,
  });

/**
 * The `Idempotency-Key` a request of a write row sends (decision 0085): none, a fresh one, or one
 * of a few the route's requests share (replays of an earlier answer, 422s for another request);
 * outside the valid family, also broken ones (too long, empty, a broken quote, Latin-1). Rows
 * that take no key get none.
 */
function idempotencyKeyOf(family: Family, spec: RouteSpec): fc.Arbitrary<string | undefined> {
  if (!takesIdempotencyKey(spec)) return fc.constant(undefined);
  const sound = [
    { arbitrary: fc.constant(undefined), weight: 3 },
    { arbitrary: fc.uuid(), weight: 3 },
    { arbitrary: fc.constantFrom('retry-1', '"retry-1"', 'retry-2', '"with \\"escapes\\""'), weight: 2 },
  ];
  if (family === 'valid') return fc.oneof(...sound);
  const broken = fc.oneof(
    headerText(0, 40),
    headerText(256, 300),
    fc.constantFrom('', '""', '"open', 'two words', `"${'k'.repeat(256)}"`, '"bad \\x escape"'),
  );
  return fc.oneof(...sound, { arbitrary: broken, weight: 2 });
}

/** The requests of one family for one route, with the Idempotency-Key its row may take. */
export function requestsOf(family: Family, target: RouteTarget): fc.Arbitrary<FuzzRequest> {
  return fc.tuple(requestsWithoutKey(family, target), idempotencyKeyOf(family, target.spec)).map(([sent, key]) =>
    key === undefined
      ? sent
      : printable({
          ...sent,
          headers: { ...sent.headers, 'idempotency-key': key },
          note: `${sent.note}, Idempotency-Key ${JSON.stringify(key.slice(0, 40))}`,
        }),
  );
}

function requestsWithoutKey(family: Family, target: RouteTarget): fc.Arbitrary<FuzzRequest> {
  const { spec } = target;
  const segments = validSegments(target);
  const query = validQuery(target);
  switch (family) {
    case 'valid':
      return fc
        .tuple(segments, query, validBody(target))
        .map(([s, q, body]) =>
          request(target, { segments: s, query: q, body: body === undefined ? undefined : JSON.stringify(body), note: 'valid' }),
        );
    case 'body':
      return fc.tuple(segments, query, brokenBody(spec.body!, hintsOf(target))).map(([s, q, { valid, mutations }]) =>
        request(target, {
          segments: s,
          query: q,
          body: jsonText(mutated(valid, mutations)),
          note: mutations.map(describeMutation).join(', '),
        }),
      );
    case 'query':
      return fc
        .tuple(
          segments,
          query.chain((q) => brokenQuery(spec.query!, q)),
          validBody(target),
        )
        .map(([s, q, body]) =>
          request(target, { segments: s, query: q.pairs, body: body === undefined ? undefined : JSON.stringify(body), note: q.note }),
        );
    case 'path': {
      const names = paramNames(spec);
      const broken = fc
        .tuple(segments, fc.subarray(names, { minLength: 1 }))
        .chain(([s, which]) =>
          fc
            .tuple(...which.map((name) => brokenPathSegment(s[name] ?? '', Object.values(target.ids))))
            .map((bad) => ({ ...s, ...Object.fromEntries(which.map((name, i) => [name, bad[i]!])) })),
        );
      return fc.tuple(broken, query, validBody(target)).map(([s, q, body]) =>
        request(target, {
          segments: s,
          query: q,
          body: body === undefined ? undefined : JSON.stringify(body),
          note: 'path parameters broken',
        }),
      );
    }
    case 'transport':
      return fc
        .tuple(segments, query, validBody(target))
        .chain(([s, q, body]) =>
          brokenTransport(spec.method, target.methodsOnPath, body).map((t) =>
            request(target, { segments: s, query: q, method: t.method, headers: t.headers, body: t.body, note: t.note }),
          ),
        );
  }
}
