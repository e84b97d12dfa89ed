import { type Server, createServer } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './processes.ts';

/**
 * A certified OpenID provider (`oidc-provider`) on loopback: one confidential client with the
 * redirect URLs given, PKCE required, and accounts made on the fly by its development login pages
 * (any login; the account's `sub` is the login, its `name` as `names` says or the login capitalised).
 * Its issuer address is fixed before it starts, so a service can be configured with it first.
 */
export interface OpenIdProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Starts the provider, now that the client's redirect URLs are known. */
  start(redirectUrls: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export async function anOpenIdProvider(names: Readonly<Record<string, string>> = {}): Promise<OpenIdProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'cad-test';
  const clientSecret = 'a-client-secret-for-the-tests-only-0123456789';
  let server: Server | undefined;
  return {
    issuer,
    clientId,
    clientSecret,
    async start(redirectUrls) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [...redirectUrls],
            response_types: ['code'],
            grant_types: ['authorization_code'],
          },
        ],
        findAccount: (_ctx, id) => ({
          accountId: id,
          claims: () => ({ sub: id, name: names[id] ?? id.charAt(0).toUpperCase() + id.slice(1) }),
        }),
        claims: { openid: ['sub'], profile: ['name'] },
        pkce: { required: () => true },
        cookies: { keys: ['cookie-key-for-the-tests-only'] },
        features: { devInteractions: { enabled: true } },
      });
      // The provider reports each refused request on its own; the tests read the outcome where it lands.
      provider.on('server_error', () => undefined);
      const listening = createServer(provider.callback());
      await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
      server = listening;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (server === undefined) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookies for one host, as simple as the provider's pages need. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * A person at the provider's pages over HTTP, as a browser would go through them: from the
 * authorisation address, the login page (`login` as the account), then the consent page, until the
 * provider sends the browser to an address outside itself: the callback, returned with its query.
 * `deny` leaves at the login page (its abort link): the provider answers `access_denied`.
 */
export async function throughProvider(authorisationUrl: string, login: string, options: { deny?: boolean } = {}): Promise<URL> {
  const jar = new CookieJar();
  const origin = new URL(authorisationUrl).origin;
  let next: { url: string; method: 'GET' | 'POST'; form?: Record<string, string> } = { url: authorisationUrl, method: 'GET' };
  for (let step = 0; step < 20; step++) {
    const response = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(next.form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(next.form && { body: new URLSearchParams(next.form).toString() }),
    });
    jar.take(response);
    const location = response.headers.get('location');
    if (location !== null) {
      const target = new URL(location, next.url);
      if (target.origin !== origin) return target;
      next = { url: target.href, method: 'GET' };
      continue;
    }
    const page = await response.text();
    const uid = /\/interaction\/([^/?"]+)/.exec(next.url)?.[1];
    if (response.status !== 200 || uid === undefined)
      throw new Error(`the provider answered ${response.status} at ${next.url}: ${page.slice(0, 300)}`);
    const interaction = `${origin}/interaction/${uid}`;
    if (page.includes('name="login"')) {
      next = options.deny
        ? { url: `${interaction}/abort`, method: 'GET' }
        : { url: interaction, method: 'POST', form: { prompt: 'login', login, password: 'any' } };
    } else if (page.includes('value="consent"')) next = { url: interaction, method: 'POST', form: { prompt: 'consent' } };
    else throw new Error(`an unexpected page at ${next.url}`);
  }
  throw new Error('the provider never sent the browser back');
}
