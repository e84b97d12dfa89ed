import type { Middleware } from 'koa';
import type { AdminAsset } from '../web-admin/index.ts';
import type { HttpState } from './http-state.ts';

/** Nothing but the page's own files runs, loads or frames it; no inline script or style. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "font-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the web admin page under `/admin/` (GET and HEAD only). The page shows secrets once, so
 * nothing of it is cached (`no-store`), sent as a referrer, sniffed or framed.
 */
export function adminPage(assets: ReadonlyMap<string, AdminAsset>): Middleware<HttpState> {
  return async (ctx, next) => {
    if (ctx.path !== '/admin' && !ctx.path.startsWith('/admin/')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/admin') {
      ctx.status = 308;
      ctx.redirect('/admin/');
      return;
    }
    const asset = assets.get(ctx.path.slice('/admin/'.length));
    if (asset === undefined) return next();
    ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Cache-Control', 'no-store');
    ctx.type = asset.type;
    ctx.body = asset.body;
  };
}
