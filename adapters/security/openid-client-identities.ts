import * as client from 'openid-client';
import type {
  ExternalIdentities,
  ExternalIdentity,
  ExternalProvider,
  ExternalRefusal,
  KeptAuthorisation,
} from '../../application/ports/external-identities.ts';
import type { ProblemLog } from '../../application/ports/problem-log.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';

/** Where Discord's OAuth 2 lives: its authorisation page, token endpoint and the user's own record are under it. */
export const DISCORD_BASE_URL = 'https://discord.com';

interface CommonSetting {
  /** In addresses and stored subjects: lower-case letters, digits and `-`. */
  readonly id: string;
  /** On the buttons: **Sign in with <name>**. */
  readonly name: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Registered at the provider; when left out, the service's own callback address as the browser reached it. */
  readonly redirectUrl?: string;
}

/** Any OpenID Connect issuer, found by discovery (Keycloak, Authentik, Google...). */
export interface OidcProviderSetting extends CommonSetting {
  readonly issuer: string;
}

/** Discord: plain OAuth 2 with its fixed endpoints, the `identify` scope, the user id as the subject. */
export interface DiscordProviderSetting extends CommonSetting {
  readonly preset: 'discord';
  /** Tests only: a loopback server standing in for discord.com. Not read from the environment. */
  readonly baseUrl?: string;
}

export type ExternalProviderSetting = OidcProviderSetting | DiscordProviderSetting;

/** `http:` is refused except on this machine's loopback, which only tests use. */
function onLoopback(address: URL): boolean {
  return address.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(address.hostname);
}

/** One provider, ready to start and finish a sign-in; the issuer's metadata is discovered once, on first use. */
class Provider {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(readonly setting: ExternalProviderSetting) {}

  get isOidc(): boolean {
    return !('preset' in this.setting);
  }

  get scope(): string {
    return this.isOidc ? 'openid profile' : 'identify';
  }

  config(): Promise<client.Configuration> {
    this.configuration ??= this.configure().catch((error: unknown) => {
      // Discovery failed (the issuer did not answer): the next sign-in tries again.
      this.configuration = undefined;
      throw error;
    });
    return this.configuration;
  }

  private async configure(): Promise<client.Configuration> {
    const { setting } = this;
    if ('preset' in setting) {
      const base = new URL(setting.baseUrl ?? DISCORD_BASE_URL);
      const at = (path: string) => new URL(path, base).href;
      const config = new client.Configuration(
        {
          issuer: base.origin,
          authorization_endpoint: at('/oauth2/authorize'),
          token_endpoint: at('/api/oauth2/token'),
          userinfo_endpoint: at('/api/users/@me'),
        },
        setting.clientId,
        setting.clientSecret,
      );
      if (onLoopback(base)) client.allowInsecureRequests(config);
      return config;
    }
    const issuer = new URL(setting.issuer);
    return client.discovery(
      issuer,
      setting.clientId,
      setting.clientSecret,
      undefined,
      onLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
    );
  }
}

/**
 * Sign-in at the providers the operator configured, with `openid-client`: the authorisation code
 * with PKCE (S256) and `state` everywhere, and a `nonce` and an ID token for OpenID Connect. Nothing
 * a provider says reaches the browser; why a sign-in failed goes to the problem log (never a secret
 * or a code).
 */
export class OpenIdClientIdentities implements ExternalIdentities {
  private readonly byId: ReadonlyMap<string, Provider>;

  constructor(
    settings: readonly ExternalProviderSetting[],
    private readonly problems: ProblemLog,
  ) {
    this.byId = new Map(settings.map((setting) => [setting.id, new Provider(setting)]));
  }

  providers(): readonly ExternalProvider[] {
    return [...this.byId.values()].map(({ setting, isOidc }) => ({
      id: setting.id,
      name: setting.name,
      gameIdentity: isOidc ? null : ('discord' as const),
    }));
  }

  async start(providerId: string, callbackUrl: string): Promise<Outcome<{ url: string; kept: KeptAuthorisation }, ExternalRefusal>> {
    const provider = this.byId.get(providerId);
    if (provider === undefined) return refuse('unknown_provider');
    let config: client.Configuration;
    try {
      config = await provider.config();
    } catch (error) {
      this.problems.report(`the sign-in provider ${providerId} could not be reached`, describe(error));
      return refuse('provider_unavailable');
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = provider.isOidc ? client.randomNonce() : null;
    const redirectUrl = provider.setting.redirectUrl ?? callbackUrl;
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUrl,
      scope: provider.scope,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      ...(nonce !== null && { nonce }),
    });
    return accept({ url: url.href, kept: { codeVerifier, state, nonce, redirectUrl } });
  }

  async finish(providerId: string, returned: URL, kept: KeptAuthorisation): Promise<Outcome<ExternalIdentity, ExternalRefusal>> {
    const provider = this.byId.get(providerId);
    if (provider === undefined) return refuse('unknown_provider');
    if (returned.searchParams.get('error') === 'access_denied') return refuse('denied');
    // The address the code was issued for, with the parameters the provider sent back: the token
    // request names exactly the redirect URL the authorisation request did.
    const current = new URL(kept.redirectUrl);
    current.search = returned.search;
    try {
      const config = await provider.config();
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: kept.codeVerifier,
        expectedState: kept.state,
        ...(kept.nonce !== null && { expectedNonce: kept.nonce, idTokenExpected: true }),
      });
      const identity = provider.isOidc ? await this.oidcIdentity(config, tokens) : await this.discordIdentity(config, tokens.access_token);
      return accept({ provider: providerId, ...identity });
    } catch (error) {
      this.problems.report(`a sign-in with ${providerId} did not complete`, describe(error));
      return refuse('failed');
    }
  }

  private async oidcIdentity(
    config: client.Configuration,
    tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
  ): Promise<Omit<ExternalIdentity, 'provider'>> {
    const claims = tokens.claims()!;
    let name = nameIn(claims);
    // Many issuers put the profile in the userinfo answer only, not in the ID token of a code flow.
    if (name === null && config.serverMetadata().userinfo_endpoint !== undefined)
      name = nameIn(await client.fetchUserInfo(config, tokens.access_token, claims.sub));
    return { subject: claims.sub, displayName: name ?? '' };
  }

  private async discordIdentity(config: client.Configuration, accessToken: string): Promise<Omit<ExternalIdentity, 'provider'>> {
    const where = new URL(config.serverMetadata().userinfo_endpoint!);
    const response = await client.fetchProtectedResource(config, accessToken, where, 'GET');
    if (!response.ok) throw new Error(`Discord's user endpoint answered ${response.status}`);
    const user = (await response.json()) as { id?: unknown; username?: unknown; global_name?: unknown };
    if (typeof user.id !== 'string' || user.id === '') throw new Error('Discord’s user has no id');
    const name = typeof user.global_name === 'string' && user.global_name !== '' ? user.global_name : user.username;
    return { subject: user.id, displayName: typeof name === 'string' ? name : '' };
  }
}

function nameIn(claims: Record<string, unknown>): string | null {
  for (const key of ['name', 'preferred_username', 'nickname', 'given_name']) {
    const value = claims[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

/** What the log may say of a failure: its kind and message (openid-client's carry no secrets), never its request or response. */
function describe(error: unknown): Error {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return new Error(`${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}`);
  }
  return new Error(String(error));
}
