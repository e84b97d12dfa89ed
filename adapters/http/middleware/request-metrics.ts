import type { Middleware } from 'koa';
import type { HttpState } from '../http-state.ts';

/** What the HTTP transport reports, if anyone listens; the metrics adapter implements it. */
export interface HttpMetrics {
  /** `route` is the router's path template (never the raw URL), or `unmatched`. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  rateLimited(bucket: string): void;
}

/** Times every request and reports it by the route that matched; outermost, so errors are counted with their status. */
export function requestMetrics(metrics: HttpMetrics): Middleware<HttpState> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const route = (ctx as { _matchedRoute?: string })._matchedRoute;
      metrics.observeRequest(typeof route === 'string' ? route : 'unmatched', ctx.method, ctx.status, (performance.now() - started) / 1000);
    }
  };
}
