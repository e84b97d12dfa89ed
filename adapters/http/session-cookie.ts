import { parse, serialize } from 'cookie';
import type { Exchange } from './exchange.ts';

/**
 * A person's browser session travels in one cookie: an opaque random id (only its keyed hash is
 * stored), `HttpOnly`, `SameSite=Lax`, path `/`. Behind TLS it is `__Host-cad_session` and `Secure`
 * (the prefix makes browsers refuse it without both, and without a `Domain`); over plain HTTP, which
 * only a service on this machine's loopback should speak, it is `cad_session`.
 */
export const SESSION_COOKIE = { secure: '__Host-cad_session', plain: 'cad_session' } as const;

const nameFor = (ex: Exchange) => (ex.secure ? SESSION_COOKIE.secure : SESSION_COOKIE.plain);

/**
 * The session id in a `Cookie` header that did not come through the pipeline (a realtime handshake):
 * the TLS name first, then the plain one. The handshake's `Origin` must still be the page's own.
 */
export function sessionIdInCookies(header: string | undefined): string | null {
  if (header === undefined || header === '') return null;
  const cookies = parse(header);
  return cookies[SESSION_COOKIE.secure] || cookies[SESSION_COOKIE.plain] || null;
}

/**
 * Whether a handshake's `Origin` is one of this service's own pages: the scheme, host and port the
 * handshake reached (its `Host`, as the HTTP routes judge a cookie write), or, for the uWS engine's
 * channel on a port of its own (`REALTIME_PORT`), the same host at the port the pages are served on
 * (`pagesPort`). Another port of the same host is another site (txAdmin, a forum): refused.
 */
export function originIsOwnPage(origin: string | undefined, host: string | undefined, pagesPort?: number): boolean {
  if (!origin || !host) return false;
  let page: URL;
  let reached: URL;
  try {
    page = new URL(origin);
    if (page.protocol !== 'http:' && page.protocol !== 'https:') return false;
    reached = new URL(`${page.protocol}//${host}`);
  } catch {
    return false;
  }
  if (page.host === reached.host) return true;
  const port = page.port === '' ? (page.protocol === 'https:' ? '443' : '80') : page.port;
  return pagesPort !== undefined && page.hostname === reached.hostname && port === String(pagesPort);
}

/** The session id the request carries under the name its scheme uses, or null. */
export function sessionIdOf(ex: Exchange): string | null {
  const header = ex.get('cookie');
  if (header === '') return null;
  const id = parse(header)[nameFor(ex)];
  return id === undefined || id === '' ? null : id;
}

/** What a reply asks of the session cookie: set it to a new session id, or clear it. */
export type SessionCookie = { readonly set: string; readonly maxAgeSeconds: number } | { readonly clear: true };

export function writeSessionCookie(ex: Exchange, cookie: SessionCookie): void {
  const options = { httpOnly: true, sameSite: 'lax', path: '/', secure: ex.secure } as const;
  ex.set(
    'Set-Cookie',
    'clear' in cookie
      ? serialize(nameFor(ex), '', { ...options, maxAge: 0 })
      : serialize(nameFor(ex), cookie.set, { ...options, maxAge: cookie.maxAgeSeconds }),
  );
}

/**
 * Whether a request made with the session cookie comes from the service's own pages: its `Origin`
 * is this service's scheme and host. A form or a fetch from another site carries that site's origin
 * (or `null`), and `SameSite=Lax` alone does not stop a top-level cross-site POST's effects; a request
 * without `Origin` is refused too, since every browser sends it on a POST, PATCH or DELETE.
 */
export function sameOrigin(ex: Exchange): boolean {
  const origin = ex.get('origin');
  if (origin === '' || origin === 'null') return false;
  const forwardedHost = ex.secure && !ex.request.encrypted ? ex.get('x-forwarded-host').split(/\s*,\s*/, 1)[0] : '';
  const host = forwardedHost || ex.get('host');
  return host !== '' && origin.toLowerCase() === `${ex.secure ? 'https' : 'http'}://${host}`.toLowerCase();
}
