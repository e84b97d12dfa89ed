import type { PageAssets } from '../../web-shared/index.ts';
import type { Stage } from '../exchange.ts';

/** The directives a page may add sources to. */
export type CspDirective = 'script-src' | 'style-src' | 'img-src' | 'connect-src' | 'font-src';
export type CspAdditions = Partial<Record<CspDirective, readonly string[]>>;

/** What a page's policy may depend on: the host the browser asked for, and whether it came over TLS. */
export interface PageRequest {
  readonly hostname: string;
  readonly secure: boolean;
}

/** One row of the page table: a prefix, its files, and what the page adds to the base policy. */
export interface StaticPage {
  /** Where the page lives, without a trailing slash: `/admin` serves `/admin/` and `/admin/<file>`. */
  readonly prefix: string;
  readonly assets: PageAssets;
  readonly csp?: (request: PageRequest) => CspAdditions;
}

/** Nothing but the service's own files runs, loads or frames a page; no inline script or style. */
const BASE_POLICY: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'"]],
  ['style-src', ["'self'"]],
  ['img-src', ["'self'"]],
  ['connect-src', ["'self'"]],
  ['font-src', ["'none'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'none'"]],
  ['form-action', ["'none'"]],
  ['frame-ancestors', ["'none'"]],
];

/** The base policy with a page's additions; an addition to a `'none'` directive replaces it. */
export function contentSecurityPolicy(additions: CspAdditions = {}): string {
  return BASE_POLICY.map(([directive, sources]) => {
    const added = additions[directive as CspDirective] ?? [];
    const kept = added.length > 0 && sources.includes("'none'") ? [] : sources;
    return [directive, ...kept, ...added].join(' ');
  }).join('; ');
}

const HOSTNAME = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])$/;

/**
 * The sources of the same host on another port, for both the WebSocket and the HTTP long-polling
 * transport (e.g. the realtime channel on `REALTIME_PORT`); none when the Host header is not a plain
 * host name, so that no request can write into the policy.
 */
export function sameHostOnPort(request: PageRequest, port: number): string[] {
  if (!HOSTNAME.test(request.hostname)) return [];
  const host = `${request.hostname}:${port}`;
  return request.secure ? [`wss://${host}`, `https://${host}`] : [`ws://${host}`, `http://${host}`];
}

/**
 * Serves every page of the table (GET and HEAD only) with the same headers: a page shows secrets
 * or live dispatch data, so nothing of it is cached (`no-store`), sent as a referrer, sniffed or
 * framed. `/<prefix>` redirects to `/<prefix>/` when the page has an index, and `/` to `home`.
 */
export function staticPages(pages: readonly StaticPage[], home: string): Stage {
  const policies = new Map(pages.map((page) => [page, page.csp === undefined ? contentSecurityPolicy() : null]));
  return async (ex, next) => {
    if (ex.method !== 'GET' && ex.method !== 'HEAD') return next();
    if (ex.path === '/') {
      ex.redirect(home, 307);
      return;
    }
    const page = pages.find((p) => ex.path === p.prefix || ex.path.startsWith(`${p.prefix}/`));
    if (page === undefined) return next();
    if (ex.path === page.prefix) {
      if (!page.assets.has('')) return next();
      ex.redirect(`${page.prefix}/`, 308);
      return;
    }
    const asset = page.assets.get(ex.path.slice(page.prefix.length + 1));
    if (asset === undefined) return next();
    const policy = policies.get(page) ?? contentSecurityPolicy(page.csp!({ hostname: ex.hostname, secure: ex.secure }));
    ex.set('Content-Security-Policy', policy);
    ex.set('Referrer-Policy', 'no-referrer');
    ex.set('X-Content-Type-Options', 'nosniff');
    ex.set('X-Frame-Options', 'DENY');
    ex.set('Cross-Origin-Opener-Policy', 'same-origin');
    ex.set('Cache-Control', 'no-store');
    ex.status = 200;
    ex.type = asset.type;
    ex.body = asset.body;
  };
}
