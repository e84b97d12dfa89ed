/**
 * The load generator of the location benchmark, run as its own process so that it does not share
 * the server's event loop. It receives one job over IPC, drives it with autocannon and prints the
 * figures as one line of JSON on stdout.
 */
import autocannon, { type RequestSpec } from 'autocannon';

/** One request of a sequence that every connection repeats. */
export interface LoadStep {
  readonly method?: 'POST' | 'GET';
  readonly path: string;
  /** Bodies of this step (none for a GET). */
  readonly bodies?: readonly string[];
  /**
   * `rotate` (default): the bodies in turn across all connections. `previous`: the body at the same
   * index as the previous step of this connection's sequence took (a write, then its undo, for the
   * same player).
   */
  readonly pick?: 'rotate' | 'previous';
}

export interface LoadJob {
  readonly url: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  /** Request bodies, sent in turn across all connections. */
  readonly bodies: readonly string[];
  /** Instead of one POST of `path` with `bodies`: a sequence each connection repeats in order. */
  readonly steps?: readonly LoadStep[];
  readonly connections: number;
  readonly durationSeconds: number;
  /** Stop after this many requests instead of after `durationSeconds` (for one-time inputs such as link codes). */
  readonly amount?: number;
  /** Text every good answer contains; any other answer counts as a mismatch. */
  readonly expectText: string;
  /** Requests per second across all connections; unset, each connection sends as fast as it is answered. */
  readonly overallRate?: number;
  /** Sends every POST with an Idempotency-Key of its own (decision 0085), so each one runs and is kept. */
  readonly idempotencyKeys?: boolean;
}

export interface LoadFigures {
  readonly requestsPerSecond: number;
  readonly total: number;
  readonly p50Ms: number;
  readonly p90Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly mismatches: number;
}

/** Keys unique to this load process: one fresh key per request. */
const KEY_PREFIX = `bench-${process.pid}-${Date.now().toString(36)}`;
let keys = 0;

async function run(job: LoadJob): Promise<LoadFigures> {
  const steps: readonly LoadStep[] = job.steps ?? [{ method: 'POST', path: job.path, bodies: job.bodies }];
  const requests = steps.map((step) => {
    let next = 0;
    const bodies = step.bodies ?? [];
    const method = step.method ?? 'POST';
    const headers = method === 'POST' ? { 'content-type': 'application/json', ...job.headers } : job.headers;
    return {
      method,
      path: step.path,
      headers,
      setupRequest: (request: RequestSpec, context: Record<string, unknown>): RequestSpec => {
        if (job.idempotencyKeys === true && method === 'POST') {
          request = { ...request, headers: { ...request.headers, 'idempotency-key': `${KEY_PREFIX}-${keys++}` } };
        }
        if (bodies.length === 0) return request;
        // autocannon keeps `context` for one pass through the steps of a connection.
        const k = step.pick === 'previous' && typeof context['k'] === 'number' ? context['k'] : next++;
        context['k'] = k;
        return { ...request, body: bodies[k % bodies.length]! };
      },
    };
  });
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    ...(job.amount === undefined ? { duration: job.durationSeconds } : { amount: job.amount }),
    ...(job.overallRate !== undefined && { overallRate: job.overallRate }),
    requests,
    verifyBody: (body) => body.includes(job.expectText),
  });
  return {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
  };
}

process.once('message', (job: LoadJob) => {
  run(job).then(
    (figures) => {
      process.stdout.write(`${JSON.stringify(figures)}\n`);
      process.disconnect();
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
      process.disconnect();
    },
  );
});
