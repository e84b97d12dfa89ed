import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { CeremonyOptions, CredentialResponse, Passkeys, RegisteredKey } from '../../application/ports/passkeys.ts';
import type { Passkey, RelyingParty } from '../../domain/people/passkey.ts';
import type { PersonId } from '../../domain/shared/ids.ts';

/** How long the browser waits for the person at the authenticator; the sealed ceremony lives as long. */
const TIMEOUT_MS = 5 * 60 * 1000;

const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const knownTransports = (transports: readonly string[] | undefined) =>
  (transports ?? []).filter((t) => TRANSPORTS.has(t)) as AuthenticatorTransport[];

/** The user handle of a person's passkeys: their id's bytes, so an answer names whose passkey it is. */
const userHandleOf = (personId: PersonId) => new TextEncoder().encode(personId);

/**
 * Passkeys with `@simplewebauthn/server`: discoverable credentials ("resident keys", so sign-in needs
 * no username), user verification preferred, attestation `none` (the service trusts the key, not a
 * device make), ES256, EdDSA and RS256 keys.
 */
export class SimpleWebAuthnPasskeys implements Passkeys {
  constructor(private readonly rpName: string) {}

  async registrationOptions(
    rp: RelyingParty,
    user: { readonly id: PersonId; readonly name: string; readonly displayName: string },
    registered: readonly Pick<Passkey, 'id' | 'transports'>[],
  ): Promise<CeremonyOptions> {
    const options = await generateRegistrationOptions({
      rpName: this.rpName,
      rpID: rp.id,
      userID: userHandleOf(user.id),
      userName: user.name,
      userDisplayName: user.displayName,
      timeout: TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: registered.map((p) => ({ id: p.id, transports: knownTransports(p.transports) })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
    });
    return { challenge: options.challenge, options: options as unknown as Record<string, unknown> };
  }

  async verifyRegistration(rp: RelyingParty, challenge: string, response: CredentialResponse): Promise<RegisteredKey | null> {
    try {
      const verified = await verifyRegistrationResponse({
        response: { clientExtensionResults: {}, ...response } as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
      if (!verified.verified) return null;
      const { credential } = verified.registrationInfo;
      return {
        id: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: knownTransports(credential.transports),
      };
    } catch {
      // A malformed or forged answer: the library throws; to the service it is one refusal.
      return null;
    }
  }

  async authenticationOptions(rp: RelyingParty): Promise<CeremonyOptions> {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: [],
      userVerification: 'preferred',
      timeout: TIMEOUT_MS,
    });
    return { challenge: options.challenge, options: options as unknown as Record<string, unknown> };
  }

  async verifyAuthentication(
    rp: RelyingParty,
    challenge: string,
    response: CredentialResponse,
    passkey: Passkey,
  ): Promise<{ readonly counter: number } | null> {
    const answer = { clientExtensionResults: {}, ...response } as unknown as AuthenticationResponseJSON;
    const handle = answer.response?.userHandle;
    // A discoverable credential names its person; it must be the one the credential id belongs to.
    if (handle && !(isoBase64URL.isBase64URL(handle) && isoBase64URL.toUTF8String(handle) === passkey.personId)) return null;
    try {
      const verified = await verifyAuthenticationResponse({
        response: answer,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.id,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          counter: passkey.counter,
          transports: knownTransports(passkey.transports),
        },
        requireUserVerification: false,
      });
      return verified.verified ? { counter: verified.authenticationInfo.newCounter } : null;
    } catch {
      return null;
    }
  }
}
