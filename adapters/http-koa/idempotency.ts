import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { RunOnce } from '../../application/idempotency/run-once.ts';
import { HttpError } from './error-catalogue.ts';
import type { HttpState } from './http-state.ts';
import type { Reply } from './route-spec.ts';

/**
 * `Idempotency-Key` on the HTTP side (decision 0085): the header read in both forms clients send,
 * the request's fingerprint, and the answer sealed under the key before it is stored.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const MAX_KEY_LENGTH = 255;

/** The draft's form: a Structured Field string, `"..."` of printable ASCII with `\"` and `\\` escaped. */
const QUOTED = /^"((?:[\x20\x21\x23-\x5B\x5D-\x7E]|\\["\\])*)"$/;
/** The bare form most clients send: visible ASCII, no spaces. */
const BARE = /^[\x21-\x7E]+$/;

const invalidKey = (message: string) =>
  new HttpError('VALIDATION_FAILED', 'The Idempotency-Key header is not valid.', [{ in: 'header', field: 'Idempotency-Key', message }]);

/** The key a request sends, or null when it sends none; a malformed or repeated header is a 400. */
export function idempotencyKeyOf(headers: NodeJS.Dict<string[]>): string | null {
  const values = headers[IDEMPOTENCY_HEADER];
  if (values === undefined) return null;
  if (values.length !== 1) throw invalidKey('must be sent once');
  const sent = values[0]!.trim();
  const quoted = QUOTED.exec(sent);
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : sent.startsWith('"') ? null : sent;
  if (key === null || (quoted === null && !BARE.test(key))) {
    throw invalidKey('must be a quoted string ("abc") or bare visible ASCII (abc)');
  }
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) throw invalidKey(`must be 1 to ${MAX_KEY_LENGTH} characters`);
  return key;
}

/** Whose keys these are: the credential's or the operator key's own. Nobody else's keys are ever looked at. */
export function keyScopeOf(state: HttpState): string {
  if (state.grant !== undefined) return `credential:${state.grant.credentialId}`;
  if (state.operator !== undefined) return `operator:${state.operator.id}`;
  if (state.mdt !== undefined) return `mdt:${state.mdt.session.characterId}`;
  throw new Error('An idempotent request without a caller.');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** What the request asked: its method, path, query and body. The same key with another of these is a 422. */
export function fingerprintOf(method: string, path: string, query: string, body: unknown): string {
  return sha256(`${method} ${path}?${query}\n${JSON.stringify(body ?? null)}`);
}

/**
 * The stored body is sealed (AES-256-GCM) under a key derived from the Idempotency-Key and its
 * scope, and the Idempotency-Key itself is stored as its hash only: an answer that carries a
 * secret (a new credential's) is never readable from the database alone.
 */
function sealingKey(key: string, scope: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, scope, 'cad-integration idempotent answer v1', 32));
}

function seal(key: string, scope: string, text: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(key, scope), nonce);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64');
}

function unseal(key: string, scope: string, stored: string): string {
  const bytes = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(key, scope), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** A keyed request: who sends it, with which key, asking what. */
export interface KeyedRequest {
  readonly key: string;
  readonly scope: string;
  readonly fingerprint: string;
}

/**
 * Runs the route's work at most once per key. A refusal the route answers itself (a bridge
 * `false`, a 4xx error) is kept and replayed like a success; a failure (5xx, the database
 * unavailable) keeps nothing and undoes the work, so a retry runs it again.
 */
export async function runIdempotently(
  runOnce: RunOnce,
  request: KeyedRequest,
  work: () => Promise<Reply>,
): Promise<{ readonly reply: Reply; readonly replayed: boolean }> {
  const { key, scope, fingerprint } = request;
  let fresh: Reply | undefined;
  const outcome = await runOnce.execute({
    scope,
    keyHash: sha256(key),
    fingerprint,
    work: async () => {
      fresh = await answered(work);
      return { status: fresh.status, body: seal(key, scope, JSON.stringify(fresh.body)) };
    },
  });
  if (!outcome.ok) throw new HttpError(outcome.reason === 'key_in_use' ? 'IDEMPOTENCY_KEY_IN_USE' : 'IDEMPOTENCY_KEY_REUSED');
  const { replayed, answer } = outcome.value;
  if (!replayed && fresh !== undefined) return { reply: fresh, replayed };
  return { reply: { status: answer.status, body: JSON.parse(unseal(key, scope, answer.body)) as unknown }, replayed: true };
}

/**
 * The route's answer, a refusal it answers with an error included. A 5xx stays thrown, and so
 * does a 429 (an allowance spent for now, such as `/duty`'s hourly cap): both say "not now", so
 * neither is kept, and a retry with the key runs again.
 */
async function answered(work: () => Promise<Reply>): Promise<Reply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && error.status < 500 && error.status !== 429) return { status: error.status, body: error.body };
    throw error;
  }
}
