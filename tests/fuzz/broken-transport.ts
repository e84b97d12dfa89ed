import { gzipSync } from 'node:zlib';
import fc from 'fast-check';

/** What the transport family changes: the method, headers, and the body's bytes. */
export interface Transport {
  readonly method?: string;
  /** Replaces the defaults; a `content-type` of '' sends none at all. */
  readonly headers: Record<string, string>;
  readonly body?: string | Uint8Array;
  readonly note: string;
}

const JSON_TYPE = 'application/json';

/** Content types other than plain JSON, some close to it. */
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/JSON',
  'application/json; charset=latin1',
  'application/json; charset=nope',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/csp-report',
  '*/*',
  'json',
  'application/json, text/plain',
];

/** JSON that is not quite JSON, and JSON that is valid but hostile. */
const BAD_JSON = [
  '{',
  '}',
  '{"a":}',
  '[1,]',
  "{'a':1}",
  'NaN',
  'undefined',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '\ufeff{}',
  '',
  '   ',
  '"\\ud800"',
  '{"a":"\\u0000"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '1'.repeat(10_000),
  '{"a":1e400}',
  'null',
  'true',
  '"a string"',
  '[]',
  '{"a":1,"a":{"b":2}}',
  '/* comment */ {}',
];

/** Bytes that are not UTF-8, sent as JSON. */
const NOT_UTF8 = Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x7d]);

/** Compresses to a few kilobytes, inflates past the body limit. */
const GZIP_BOMB = gzipSync(Buffer.from(`{"a":"${' '.repeat(4 * 1024 * 1024)}"}`));

function withBody(served: readonly string[], json: string): fc.Arbitrary<Transport> {
  const text = (body: string | Uint8Array, headers: Record<string, string>, note: string): Transport => ({ headers, body, note });
  return fc.oneof(
    fc.constantFrom(...CONTENT_TYPES).map((type) => text(json, { 'content-type': type }, `content-type ${type}`)),
    fc.constantFrom(...BAD_JSON).map((bad) => text(bad, { 'content-type': JSON_TYPE }, 'JSON text broken')),
    fc.constantFrom(
      text(json, { 'content-type': JSON_TYPE, 'content-encoding': 'gzip' }, 'says gzip, is not'),
      text(json, { 'content-type': JSON_TYPE, 'content-encoding': 'deflate' }, 'says deflate, is not'),
      text(json, { 'content-type': JSON_TYPE, 'content-encoding': 'br' }, 'says brotli, is not'),
      text(json, { 'content-type': JSON_TYPE, 'content-encoding': 'x-unknown' }, 'unknown encoding'),
      text(gzipSync(Buffer.from(json)), { 'content-type': JSON_TYPE, 'content-encoding': 'gzip' }, 'gzip, really'),
      text(GZIP_BOMB, { 'content-type': JSON_TYPE, 'content-encoding': 'gzip' }, 'gzip bomb'),
      text(`{"pad":"${'x'.repeat(600 * 1024)}"}`, { 'content-type': JSON_TYPE }, 'over the body limit'),
      text(NOT_UTF8, { 'content-type': JSON_TYPE }, 'not UTF-8'),
      text(Buffer.from(json, 'utf16le'), { 'content-type': 'application/json; charset=utf-16le' }, 'UTF-16'),
      text(Buffer.from(json), { 'content-type': '' }, 'no content type'),
    ),
    otherMethod(served),
  );
}

function withoutBody(method: string, served: readonly string[]): fc.Arbitrary<Transport> {
  const headerSets: Record<string, string>[] = [
    { accept: 'text/html' },
    { accept: 'application/xml;q=1, */*;q=0' },
    { 'accept-encoding': 'gzip, br' },
    { 'content-type': JSON_TYPE },
    { range: 'bytes=0-1' },
    { 'if-none-match': '*' },
    { 'x-http-method-override': 'DELETE' },
    { 'x-forwarded-for': 'not an address, 999.1.1.1' },
    { 'accept-language': 'de-DE;q=abc' },
  ];
  const headers = fc.constantFrom(...headerSets).map((h): Transport => ({ headers: h, note: `headers ${Object.keys(h)}` }));
  if (method === 'GET') return fc.oneof(headers, otherMethod(served));
  const junk = fc
    .tuple(fc.constantFrom(JSON_TYPE, ...CONTENT_TYPES), fc.constantFrom(...BAD_JSON, '{"unexpected":true}'))
    .map(([type, body]): Transport => ({ headers: { 'content-type': type }, body, note: 'a body the route takes none of' }));
  return fc.oneof(headers, junk, otherMethod(served));
}

/** The route's path with a method that no route has there. */
function otherMethod(served: readonly string[]): fc.Arbitrary<Transport> {
  return fc
    .constantFrom(...['GET', 'POST', 'PATCH', 'DELETE', 'PUT'].filter((m) => !served.includes(m)))
    .map((other): Transport => ({ method: other, headers: {}, note: `method ${other}` }));
}

/**
 * The transport of a request broken: content type, encoding, JSON text, size, or method. `served`
 * are the methods the table has on the path: the route's own, and any other route's there.
 */
export function brokenTransport(method: string, served: readonly string[], validBody: unknown): fc.Arbitrary<Transport> {
  return validBody === undefined ? withoutBody(method, served) : withBody(served, JSON.stringify(validBody));
}
