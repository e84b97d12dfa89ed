import type { HttpClient, HttpReply } from './http-client.ts';

/** Fails loudly when a setup step does not give the status it should. */
export function expect<T = any>(reply: HttpReply<T>, status: number): T {
  if (reply.status !== status) throw new Error(`expected ${status}, got ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/**
 * What an operator does on the admin surface, step by step, as test setup:
 * `const org = await operatorOf(http, key).organisation(); await org.department('lspd')`.
 */
export function operatorOf(http: HttpClient, key: string) {
  const post = (path: string, body?: unknown) => http.post(`/api/v1/admin${path}`, body, { token: key });
  return {
    key,
    async organisation(settings: Record<string, unknown> = {}) {
      const { organisationId } = expect(await post('/organisations', { name: 'Los Santos RP', ...settings }), 201);
      return organisationSetup(http, key, organisationId as string);
    },
    post,
    patch: (path: string, body?: unknown) => http.patch(`/api/v1/admin${path}`, body, { token: key }),
    get: (path: string) => http.get(`/api/v1/admin${path}`, { token: key }),
  };
}

export type Operator = ReturnType<typeof operatorOf>;

/** The setup steps of an organisation that exists already (made by `bridgeWorld`, say). */
export function organisationOf(http: HttpClient, key: string, organisationId: string) {
  return organisationSetup(http, key, organisationId);
}

function organisationSetup(http: HttpClient, key: string, organisationId: string) {
  const post = (path: string, body?: unknown) => http.post(`/api/v1/admin${path}`, body, { token: key });
  const base = `/organisations/${organisationId}`;
  return {
    organisationId,
    async department(slug = 'lspd') {
      const { departmentId } = expect(await post(`${base}/departments`, { slug, name: slug.toUpperCase() }), 201);
      return departmentId as string;
    },
    async character(firstName = 'Jane', lastName = 'Doe') {
      return expect(await post(`${base}/characters`, { firstName, lastName }), 201) as { characterId: string; characterPublicId: string };
    },
    async member(departmentId: string, callsign: string | null = '1-ADAM-12') {
      const { characterId } = await this.character();
      return expect(await post(`/departments/${departmentId}/members`, { characterId, callsign }), 201) as {
        membershipId: string;
        unitId: string;
        unitLabel: string | null;
      };
    },
    async gameCredential(departmentId: string, scopes: string[] = []) {
      const body = { kind: 'game', label: 'FiveM server', departmentId, scopes };
      return expect(await post(`${base}/credentials`, body), 201) as Credential;
    },
    async apiCredential(scopes: string[] | 'all' = 'all', label = 'ALPR cameras') {
      const body = scopes === 'all' ? { kind: 'generic_api_key', label, allScopes: true } : { kind: 'generic_api_key', label, scopes };
      return expect(await post(`${base}/credentials`, body), 201) as Credential;
    },
    async operatorKey(permissions: string[], label = 'dispatch lead') {
      return expect(await post(`${base}/operator-keys`, { label, permissions }), 201) as { key: string; operatorKeyId: string };
    },
    async audit() {
      return expect(await http.get(`/api/v1/admin${base}/audit?limit=500`, { token: key }), 200) as Array<{ action: string }>;
    },
  };
}

export interface Credential {
  clientId: string;
  clientSecret: string;
  kind: string;
  label: string;
  departmentId: string | null;
  scopes: string[];
}

/** Exchanges a credential on its own path and returns the access token. */
export async function tokenFor(http: HttpClient, credential: Credential): Promise<string> {
  const path = credential.kind === 'game' ? '/api/v1/integrations/game/token' : '/api/v1/integrations/token';
  const { accessToken } = expect(await http.post(path, { clientId: credential.clientId, clientSecret: credential.clientSecret }), 200);
  return accessToken as string;
}

/** An API credential (`generic_api_key`) at work: its credential, its access token, and requests under `/api/v1` with that bearer. */
export async function apiClientOf(http: HttpClient, credential: Credential) {
  const token = await tokenFor(http, credential);
  const send = <Body = any>(method: string, path: string, body?: unknown) => http.send<Body>(method, `/api/v1${path}`, body, { token });
  return {
    credential,
    token,
    send,
    get: <Body = any>(path: string) => send<Body>('GET', path),
    post: <Body = any>(path: string, body?: unknown) => send<Body>('POST', path, body),
    patch: <Body = any>(path: string, body?: unknown) => send<Body>('PATCH', path, body),
  };
}

export type ApiClient = Awaited<ReturnType<typeof apiClientOf>>;
