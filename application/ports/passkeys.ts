import type { Passkey, RelyingParty } from '../../domain/people/passkey.ts';
import type { PersonId } from '../../domain/shared/ids.ts';

/** The options a browser passes to `navigator.credentials`, as JSON, and the challenge in them. */
export interface CeremonyOptions {
  readonly challenge: string;
  readonly options: Readonly<Record<string, unknown>>;
}

/** A browser's answer to a ceremony (a `PublicKeyCredential` as JSON, binary fields in base64url). */
export interface CredentialResponse {
  readonly id: string;
  readonly [field: string]: unknown;
}

/** What a verified registration yields for storing. */
export interface RegisteredKey {
  readonly id: string;
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: readonly string[];
}

/**
 * The WebAuthn ceremonies (passkeys): options for the browser, and the verification of what the
 * authenticator answered, against the challenge, the relying party's id and origin, and (to sign
 * in) the stored public key. A failed verification is null, never an exception.
 */
export interface Passkeys {
  /** A discoverable credential for the person, refusing the ones they registered already. */
  registrationOptions(
    rp: RelyingParty,
    user: { readonly id: PersonId; readonly name: string; readonly displayName: string },
    registered: readonly Pick<Passkey, 'id' | 'transports'>[],
  ): Promise<CeremonyOptions>;
  verifyRegistration(rp: RelyingParty, challenge: string, response: CredentialResponse): Promise<RegisteredKey | null>;
  /** Options for any passkey of this relying party (no list of credentials: the authenticator offers its own). */
  authenticationOptions(rp: RelyingParty): Promise<CeremonyOptions>;
  /** The counter the authenticator reported, when the answer is signed by the passkey for this challenge and this person. */
  verifyAuthentication(
    rp: RelyingParty,
    challenge: string,
    response: CredentialResponse,
    passkey: Passkey,
  ): Promise<{ readonly counter: number } | null>;
}
