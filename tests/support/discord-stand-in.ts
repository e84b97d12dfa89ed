import { createHash, randomBytes } from 'node:crypto';
import { type Server, createServer } from 'node:http';

/**
 * A loopback server standing in for discord.com's three OAuth 2 endpoints, as Discord documents
 * them: the authorisation page (here it approves at once and sends the browser back with a code),
 * the token endpoint (which checks the client, the redirect URL and the PKCE verifier) and
 * `/api/users/@me` (the user of the access token). It lets the Discord preset be tested without
 * the internet; what is under test is the adapter that talks to it.
 */
export interface DiscordStandIn {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The user the next authorisation signs in as. */
  user: { id: string; username: string; global_name: string | null };
  /** Token requests refused so far (a wrong verifier, client or redirect URL). */
  readonly refusals: string[];
  close(): Promise<void>;
}

type Grant = { challenge: string; redirectUri: string; user: DiscordStandIn['user'] };

export async function aDiscordStandIn(): Promise<DiscordStandIn> {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, DiscordStandIn['user']>();
  const refusals: string[] = [];
  const state: DiscordStandIn = {
    baseUrl: '',
    clientId: '1234567890',
    clientSecret: 'discord-secret-for-the-tests-only',
    user: { id: '80351110224678912', username: 'nelly', global_name: 'Nelly' },
    refusals,
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== state.clientId || q.get('scope') !== 'identify' || q.get('code_challenge_method') !== 'S256')
        return json(400, { error: 'invalid_request' });
      const code = randomBytes(16).toString('hex');
      grants.set(code, { challenge: q.get('code_challenge')!, redirectUri: q.get('redirect_uri')!, user: { ...state.user } });
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/api/oauth2/token') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const grant = grants.get(form.get('code') ?? '');
        grants.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const problem =
          grant === undefined
            ? 'unknown code'
            : form.get('client_id') !== state.clientId || form.get('client_secret') !== state.clientSecret
              ? 'wrong client'
              : form.get('redirect_uri') !== grant.redirectUri
                ? 'wrong redirect_uri'
                : createHash('sha256').update(verifier).digest('base64url') !== grant.challenge
                  ? 'wrong code_verifier'
                  : null;
        if (problem !== null || grant === undefined) {
          refusals.push(problem ?? 'unknown code');
          return json(400, { error: 'invalid_grant' });
        }
        const token = randomBytes(16).toString('hex');
        tokens.set(token, grant.user);
        json(200, { access_token: token, token_type: 'Bearer', expires_in: 604800, refresh_token: 'r', scope: 'identify' });
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/users/@me') {
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return user === undefined
        ? json(401, { message: '401: Unauthorized', code: 0 })
        : json(200, { ...user, discriminator: '0', avatar: null });
    }
    json(404, { message: '404: Not Found', code: 0 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
