import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
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
export function idempotencyKeyOf(values: readonly string[] | undefined): string | null {
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

/**
 * Whose keys these are, and with which rights (decision 0085). A key belongs to the credential,
 * the operator key or the MDT officer that sent it; nobody else's keys are ever looked at. The
 * scope also names, as a digest, what that caller may do at this request: an operator key's reach
 * and permissions, a credential's department and scopes, an MDT session's hand-off credential,
 * department and tier as judged now. A replay runs no use case, so no permission is checked
 * again: once the rights change, the old answer is no longer found under the key, and the request
 * runs again, judged by the rights it has now.
 */
export function keyScopeOf(state: HttpState): string {
  if (state.grant !== undefined) {
    const { credentialId, organisationId, departmentId, scopes } = state.grant;
    return `credential:${credentialId}:${rightsDigest([organisationId, departmentId ?? '', ...[...scopes].sort()])}`;
  }
  if (state.operator !== undefined) {
    const { actorKind, id } = state.operator;
    return `${actorKind}:${id}:${rightsDigest(state.operator.rights())}`;
  }
  if (state.mdt !== undefined) {
    const { session, tier } = state.mdt;
    return `mdt:${session.characterId}:${rightsDigest([session.organisationId, session.credentialId, session.departmentId, tier])}`;
  }
  throw new Error('An idempotent request without a caller.');
}

const rightsDigest = (rights: readonly string[]) => sha256(JSON.stringify(rights)).slice(0, 22);

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * What the request asked: its method, path, query and body. The same key with another of these is
 * a 422. An HMAC under a secret derived from the Idempotency-Key and its scope, as the answer is
 * sealed: the table alone cannot confirm a guessed request (player identifiers and a plate).
 */
export function fingerprintOf(
  keyed: { readonly key: string; readonly scope: string },
  method: string,
  path: string,
  query: string,
  body: unknown,
): string {
  return createHmac('sha256', derivedKey(keyed.key, keyed.scope, FINGERPRINT_INFO))
    .update(`${method} ${path}?${query}\n${JSON.stringify(body ?? null)}`)
    .digest('base64url');
}

/**
 * The stored body is sealed (AES-256-GCM) under a key derived from the Idempotency-Key and its
 * scope, and the Idempotency-Key itself is stored as its hash only: an answer that carries a
 * secret (a new credential's) is never readable from the database alone.
 */
function derivedKey(key: string, scope: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, scope, info, 32));
}
const SEALING_INFO = 'cad-integration idempotent answer v1';
const FINGERPRINT_INFO = 'cad-integration idempotent request v1';

function sealingKey(key: string, scope: string): Buffer {
  return derivedKey(key, scope, SEALING_INFO);
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

/** Refusals that say "not you" or "not now": kept, they would outlive the change that lifts them. */
const NEVER_KEPT = new Set([401, 403, 429]);

/**
 * The route's answer, a refusal it answers with an error included. A 5xx stays thrown, and so do
 * a 401, a 403 and a 429 (decision 0085): an authentication or a permission refused, or an
 * allowance spent for now (`/duty`'s hourly cap), depends on the caller's rights and budget, not
 * on the request, so none is kept, and a retry with the key runs again (and is judged again).
 */
async function answered(work: () => Promise<Reply>): Promise<Reply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && error.status < 500 && !NEVER_KEPT.has(error.status))
      return { status: error.status, body: error.body };
    throw error;
  }
}
