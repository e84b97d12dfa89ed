import type { PersonId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';
import { tidy } from '../shared/text.ts';
import type { SignInMethod } from './sign-in-method.ts';

/**
 * What the `secret` of a `passkey` sign-in method holds: nothing secret, the credential's public key
 * (COSE, base64url), the signature counter last seen, the transports the browser reported, and the
 * name the person gave it. The credential id is the method's subject.
 */
export interface PasskeyRecord {
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: readonly string[];
  readonly name: string;
  readonly createdAt: string;
}

/** A person's passkey as their account page lists it and as a sign-in checks it. */
export interface Passkey extends PasskeyRecord {
  readonly id: string;
  readonly personId: PersonId;
}

export function passkeyOf(method: SignInMethod): Passkey {
  const record = JSON.parse(method.secret) as PasskeyRecord;
  return { ...record, id: method.subject, personId: method.personId };
}

export function passkeyMethod(passkey: Passkey): SignInMethod {
  const { id, personId, publicKey, counter, transports, name, createdAt } = passkey;
  const secret = JSON.stringify({ publicKey, counter, transports, name, createdAt } satisfies PasskeyRecord);
  return { personId, kind: 'passkey', subject: id, secret, createdAt: new Date(createdAt) };
}

/**
 * Clone detection (WebAuthn §6.1.1): an authenticator that counts must show a higher count each time;
 * one that stays at zero (synced passkeys do) never counted and is accepted. A counter that counted
 * and then did not grow means two copies of one key: refused.
 */
export function counterAccepted(stored: number, presented: number): boolean {
  return (stored === 0 && presented === 0) || presented > stored;
}

/** What a person calls a passkey (the device or manager holding it): 1 to 64 characters, tidied. */
export function normalisePasskeyName(typed: string): Outcome<string, 'invalid_name'> {
  const name = tidy(typed);
  return name.length >= 1 && [...name].length <= 64 ? accept(name) : refuse('invalid_name');
}

/** The relying party of a WebAuthn ceremony: the page's origin, and its host name as the RP id. */
export interface RelyingParty {
  readonly id: string;
  readonly origin: string;
}

/** The relying party a page of this origin speaks for; null for anything but an http(s) origin. */
export function relyingPartyOf(origin: string): RelyingParty | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== origin.toLowerCase()) return null;
  return { id: url.hostname, origin: url.origin };
}
