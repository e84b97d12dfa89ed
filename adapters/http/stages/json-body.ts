import type { Readable } from 'node:stream';
import { parse } from '@hapi/bourne';
import { parse as parseContentType } from 'content-type';
import inflate from 'inflation';
import getRawBody from 'raw-body';
import typeis from 'type-is';
import { HttpError } from '../error-catalogue.ts';
import type { Exchange, Stage } from '../exchange.ts';

/** Charsets a JSON body may declare; any other is refused, since bodies are read as UTF-8 only. */
const UTF8 = new Set(['utf-8', 'utf8']);

const unreadable = (message: string) =>
  new HttpError('VALIDATION_FAILED', 'The body is not readable JSON.', [{ in: 'body', field: '', message }]);

/** One decoder for every body: without `stream`, each `decode` starts afresh. */
const UTF8_STRICT = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a JSON body as bytes and decodes them as strict UTF-8: a body of another media type is a
 * 415, a declared charset other than UTF-8 is a 415 and bytes that are not UTF-8 are a 400, so no
 * text is ever stored with replacement characters. The size limit counts the decoded (inflated)
 * bytes; the slow-body deadline is the HTTP server's request timeout (decision 0031). Only a JSON
 * object or array is a body, and a `__proto__` key is refused. A request without a body leaves
 * `exchange.requestBody` unset, for the route's schema to judge (it wants an object).
 */
export function readJsonBody(limitBytes: number): Stage {
  return async (ex, next) => {
    const contentType = ex.request.header('content-type');
    // A request has a body when it says how long it is or how it is framed (as type-is reads it).
    const hasBody = ex.request.header('transfer-encoding') !== undefined || !Number.isNaN(Number(ex.request.header('content-length')));
    if (hasBody && (contentType === undefined || typeis.is(contentType, ['application/json']) === false)) {
      throw new HttpError('UNSUPPORTED_MEDIA_TYPE');
    }
    const charset = charsetOf(contentType);
    if (charset !== '' && !UTF8.has(charset)) {
      throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json in UTF-8.');
    }
    if (hasBody) ex.requestBody = parseJson(decodeUtf8(await readBytes(ex, limitBytes)));
    await next();
  };
}

function charsetOf(contentType: string | undefined): string {
  if (contentType === undefined) return '';
  try {
    return (parseContentType(contentType).parameters['charset'] ?? '').toLowerCase();
  } catch {
    return '';
  }
}

async function readBytes(ex: Exchange, limitBytes: number): Promise<Buffer> {
  const encoding = ex.request.header('content-encoding') ?? 'identity';
  const length = ex.request.header('content-length');
  // A transport that holds the body whole hands it over as it is: no stream, no decoder.
  if (encoding === 'identity' && ex.request.bodyBytes !== undefined) {
    const bytes = await ex.request.bodyBytes().catch((error: unknown) => {
      throw (error as { status?: number }).status === 413 ? new HttpError('PAYLOAD_TOO_LARGE') : unreadable('is not readable JSON');
    });
    if (bytes.length > limitBytes) throw new HttpError('PAYLOAD_TOO_LARGE');
    return bytes;
  }
  const body: Readable = ex.request.body();
  let stream;
  try {
    stream = inflate(body, { encoding });
  } catch {
    throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send the body without a content encoding, or gzip or deflate.');
  }
  try {
    // The declared length is checked only when the bytes are the body itself, not compressed.
    return await getRawBody(stream, { limit: limitBytes, length: encoding === 'identity' && length !== undefined ? length : undefined });
  } catch (error) {
    if ((error as { status?: number }).status === 413) throw new HttpError('PAYLOAD_TOO_LARGE');
    throw unreadable('is not readable JSON');
  }
}

function decodeUtf8(bytes: Buffer): string {
  try {
    return UTF8_STRICT.decode(bytes);
  } catch {
    throw unreadable('is not valid UTF-8');
  }
}

/** RFC 8259 whitespace, then an object or an array. */
const JSON_START = /^[\x20\x09\x0a\x0d]*[[{]/;

function parseJson(text: string): unknown {
  if (text === '') return {};
  try {
    if (!JSON_START.test(text)) throw new SyntaxError('not an object or array');
    return parse(text, { protoAction: 'error' });
  } catch {
    throw unreadable('is not readable JSON');
  }
}
