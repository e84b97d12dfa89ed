import type { Outcome } from '../../domain/shared/outcome.ts';

/** A provider the operator configured: its id (in addresses and stored subjects) and the name people see. */
export interface ExternalProvider {
  readonly id: string;
  readonly name: string;
  /**
   * The game identity its subjects are, when game servers know players by them: the Discord
   * preset's user id is `discord:<id>` among a FiveM player's identifiers. Null for the others.
   */
  readonly gameIdentity?: 'discord' | null;
}

/**
 * What a started sign-in must keep until the provider sends the browser back, and nothing else:
 * the PKCE verifier, the `state`, the `nonce` (OpenID Connect only) and the redirect URL it was
 * started with. The caller keeps it sealed and out of the provider's reach.
 */
export interface KeptAuthorisation {
  readonly codeVerifier: string;
  readonly state: string;
  readonly nonce: string | null;
  readonly redirectUrl: string;
}

/** Who the provider says the person is: its subject there (stable), and a name to show. */
export interface ExternalIdentity {
  readonly provider: string;
  readonly subject: string;
  readonly displayName: string;
}

/**
 * `denied`: the person (or the provider) said no at the provider; `failed`: anything else went wrong
 * (a state or nonce that does not match, a code refused, a provider that does not answer). Neither
 * carries detail: the browser learns nothing of the exchange.
 */
export type ExternalRefusal = 'unknown_provider' | 'denied' | 'failed' | 'provider_unavailable';

/**
 * Sign-in at an OpenID Connect or OAuth 2 provider (authorisation code with PKCE): `start` gives
 * the address to send the browser to and what to keep; `finish` takes the address the provider
 * sent the browser back to, with what was kept, and answers who it is.
 */
export interface ExternalIdentities {
  providers(): readonly ExternalProvider[];
  /** `callbackUrl` is used unless the operator configured the provider's redirect URL. */
  start(providerId: string, callbackUrl: string): Promise<Outcome<{ url: string; kept: KeptAuthorisation }, ExternalRefusal>>;
  finish(providerId: string, returned: URL, kept: KeptAuthorisation): Promise<Outcome<ExternalIdentity, ExternalRefusal>>;
}
