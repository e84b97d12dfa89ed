import { parse, serialize } from 'cookie';
import type { Exchange } from './exchange.ts';

/**
 * A sign-in started at an external provider travels, sealed, in a cookie of its own until the
 * provider sends the browser back: `HttpOnly`, `SameSite=Lax` (the return is a top-level GET from
 * the provider's site), its path the one callback it is for, and ten minutes of life. Any instance
 * can finish it. Behind TLS it is `__Secure-` and `Secure` (`__Host-` would need path `/`).
 */
export const FLOW_COOKIE = { secure: '__Secure-cad_external_flow', plain: 'cad_external_flow' } as const;

const nameFor = (ex: Exchange) => (ex.secure ? FLOW_COOKIE.secure : FLOW_COOKIE.plain);

/** What a reply asks of the flow cookie: set it for a callback's path, or clear it there. */
export type FlowCookie =
  { readonly set: string; readonly path: string; readonly maxAgeSeconds: number } | { readonly clear: true; readonly path: string };

export function flowCookieOf(ex: Exchange): string | null {
  const header = ex.get('cookie');
  if (header === '') return null;
  const value = parse(header)[nameFor(ex)];
  return value === undefined || value === '' ? null : value;
}

export function writeFlowCookie(ex: Exchange, cookie: FlowCookie): void {
  const options = { httpOnly: true, sameSite: 'lax', path: cookie.path, secure: ex.secure } as const;
  ex.append(
    'Set-Cookie',
    'clear' in cookie
      ? serialize(nameFor(ex), '', { ...options, maxAge: 0 })
      : serialize(nameFor(ex), cookie.set, { ...options, maxAge: cookie.maxAgeSeconds }),
  );
}

/** This service's scheme and host as the browser reached it (through a trusted proxy's `X-Forwarded-*`). */
export function ownOrigin(ex: Exchange): string {
  const forwardedHost = ex.secure && !ex.request.encrypted ? ex.get('x-forwarded-host').split(/\s*,\s*/, 1)[0] : '';
  return `${ex.secure ? 'https' : 'http'}://${forwardedHost || ex.get('host')}`;
}
