import { randomUUID } from 'node:crypto';
import { type Logger, withinRequest } from '../../logging/index.ts';
import type { Exchange, Stage } from '../exchange.ts';

const INCOMING_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The access log: `every` request on a line of its own, or (the default) the successes of the hot
 * routes summed up per route once a period, beside a line for each of their failures and for every
 * request to any other route (decision 0111).
 */
export interface AccessLogOptions {
  readonly mode: 'summary' | 'every';
  /** Route templates whose successes are summed up in `summary` mode: the heartbeats and the health checks. */
  readonly hot: ReadonlySet<string>;
  /** How often the sums are written, in ms (60 s by default). */
  readonly periodMs: number;
}

export const EVERY_REQUEST: AccessLogOptions = { mode: 'every', hot: new Set(), periodMs: 60_000 };

/**
 * Gives every request an id (the caller's `X-Request-Id` when it is sane, else a new one), echoes
 * it on the response, and writes its access-log line (or adds it to its route's sum) when the
 * response is done: one object per request, built only when the line is written (no child logger
 * per request).
 */
export function requestContext(log: Logger, access: AccessLogOptions = EVERY_REQUEST): Stage {
  const sums = access.mode === 'summary' ? new RouteSums(log, access.periodMs) : null;
  return async (ex, next) => {
    const incoming = ex.get('x-request-id');
    const requestId = INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const started = performance.now();
    ex.state.requestId = requestId;
    ex.set('X-Request-Id', requestId);
    ex.set('X-Content-Type-Options', 'nosniff');
    ex.set('Cache-Control', 'no-store');
    try {
      await withinRequest(requestId, next);
    } finally {
      if (log.isLevelEnabled('info')) {
        const ms = Math.round((performance.now() - started) * 10) / 10;
        if (sums !== null && ex.status < 400 && ex.route !== undefined && access.hot.has(ex.route)) sums.add(ex.route, ex.status, ms);
        else logRequest(log, ex, requestId, ms);
      }
    }
  };
}

function logRequest(log: Logger, ex: Exchange, requestId: string, ms: number): void {
  log.info(
    {
      requestId,
      method: ex.method,
      path: ex.path,
      status: ex.status,
      ms,
      credentialId: ex.state.grant?.credentialId,
      operatorKeyId: ex.state.operator?.id,
    },
    'request',
  );
}

interface Sum {
  requests: number;
  totalMs: number;
  maxMs: number;
  readonly statuses: Record<string, number>;
}

/** The successes of the hot routes, summed per route template and written once a period (only a period that had any). */
class RouteSums {
  private sums = new Map<string, Sum>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly log: Logger,
    private readonly periodMs: number,
  ) {}

  add(route: string, status: number, ms: number): void {
    let sum = this.sums.get(route);
    if (sum === undefined) this.sums.set(route, (sum = { requests: 0, totalMs: 0, maxMs: 0, statuses: {} }));
    sum.requests += 1;
    sum.totalMs += ms;
    sum.maxMs = Math.max(sum.maxMs, ms);
    sum.statuses[status] = (sum.statuses[status] ?? 0) + 1;
    if (this.timer === undefined) {
      this.timer = setInterval(() => this.write(), this.periodMs);
      // The sums never keep a process alive; a period without requests stops the timer until the next one.
      this.timer.unref();
    }
  }

  private write(): void {
    if (this.sums.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    const sums = this.sums;
    this.sums = new Map();
    for (const [route, sum] of sums)
      this.log.info(
        {
          route,
          requests: sum.requests,
          statuses: sum.statuses,
          msMean: Math.round((sum.totalMs / sum.requests) * 10) / 10,
          msMax: sum.maxMs,
          periodS: this.periodMs / 1000,
        },
        'requests summarised',
      );
  }
}
