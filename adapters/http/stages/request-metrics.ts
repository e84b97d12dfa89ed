import type { Stage } from '../exchange.ts';

/** What the HTTP transport reports, if anyone listens; the metrics adapter implements it. */
export interface HttpMetrics {
  /** `route` is the route table's path template (never the raw URL), or `unmatched`. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  rateLimited(bucket: string): void;
}

/** Times every request and reports it by the route that matched; outermost, so errors are counted with their status. */
export function requestMetrics(metrics: HttpMetrics): Stage {
  return async (ex, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      metrics.observeRequest(ex.route ?? 'unmatched', ex.method, ex.status, (performance.now() - started) / 1000);
    }
  };
}
