import type { PersonId } from '../shared/ids.ts';

/**
 * The ways a person proves who they are; each answers "which person is this". `totp` is a second
 * step after a password (its subject the person's id, its secret sealed), and each `recovery` code
 * stands in for it once (its subject the person's id and the code's keyed hash). A `passkey` is a
 * whole sign-in by itself (its subject the WebAuthn credential id, its secret the public key's record).
 * `external` is an identity at an OpenID Connect or OAuth 2 provider (its subject
 * `<provider id>:<subject there>`, no secret).
 */
export type SignInKind = 'password' | 'totp' | 'recovery' | 'passkey' | 'external';

/**
 * One sign-in method of a person: the kind, the subject it is found by (a username for a password),
 * and its secret in stored form (an argon2id hash; never the password).
 */
export interface SignInMethod {
  readonly personId: PersonId;
  readonly kind: SignInKind;
  readonly subject: string;
  /** A password's argon2id hash; an authenticator's sealed key; a passkey's public record; nothing (`-`) for a recovery code or an external identity. */
  readonly secret: string;
  readonly createdAt: Date;
}
