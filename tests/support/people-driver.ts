import type { HttpClient, HttpReply } from './http-client.ts';
import { expect } from './operator-driver.ts';

/** A password no common list holds and zxcvbn rates strong. */
export const GOOD_PASSWORD = 'violet-harbour-47-lantern';

/** The session cookie a `Set-Cookie` answer sets (`name=value`), for the next requests. */
export function sessionCookieOf(reply: HttpReply): string {
  const header = reply.headers.get('set-cookie') ?? '';
  const pair = header.split(';', 1)[0] ?? '';
  if (!/^(__Host-)?cad_session=.+/.test(pair)) throw new Error(`no session cookie in ${JSON.stringify(header)}`);
  return pair;
}

/**
 * A person's browser as the service sees it: the session cookie on every request, and the
 * service's own `Origin` (`origin` overrides it; null sends none), as its pages send it.
 */
export function browserOf(http: HttpClient, baseUrl: string, cookie: string, origin: string | null = baseUrl) {
  const headers = (): Record<string, string> => ({ cookie, ...(origin === null ? {} : { origin }) });
  return {
    cookie,
    get: (path: string) => http.get(path, { headers: headers() }),
    post: (path: string, body?: unknown) => http.post(path, body, { headers: headers() }),
    patch: (path: string, body?: unknown) => http.patch(path, body, { headers: headers() }),
    delete: (path: string) => http.delete(path, { headers: headers() }),
    send: (method: string, path: string, body?: unknown) => http.send(method, path, body, { headers: headers() }),
    /** The same browser on another site's page (or none). */
    from: (other: string | null) => browserOf(http, baseUrl, cookie, other),
  };
}

export type PersonBrowser = ReturnType<typeof browserOf>;

/** The token of an invitation, made with an operator key or a person's browser; from its address's fragment. */
export async function invite(by: { key: string } | PersonBrowser, http: HttpClient, organisationId: string, role: string): Promise<string> {
  const path = `/api/v1/admin/organisations/${organisationId}/invitations`;
  const reply = 'key' in by ? await http.post(path, { role }, { token: by.key }) : await by.post(path, { role });
  const { invitationPath } = expect(reply, 201) as { invitationPath: string };
  return decodeURIComponent(invitationPath.split('#invitation=')[1]!);
}

/** Accepts an invitation as its holder would on `/account/`, and returns their signed-in browser. */
export async function signUp(http: HttpClient, baseUrl: string, invitation: string, displayName: string, username: string) {
  const reply = await http.post(
    '/api/v1/auth/sign-up',
    { invitation, displayName, username, password: GOOD_PASSWORD },
    { headers: { origin: baseUrl, 'user-agent': `test browser of ${username}` } },
  );
  const { personId } = expect(reply, 201) as { personId: string };
  return { personId, browser: browserOf(http, baseUrl, sessionCookieOf(reply)) };
}

/** Signs in with a username and password from the service's own page. */
export function signIn(http: HttpClient, baseUrl: string, username: string, password: string, origin: string | null = baseUrl) {
  return http.post('/api/v1/auth/sign-in', { username, password }, { headers: origin === null ? {} : { origin } });
}
