/**
 * The load generator of the location benchmark, run as its own process so that it does not share
 * the server's event loop. It receives one job over IPC, drives it with autocannon and prints the
 * figures as one line of JSON on stdout.
 */
import autocannon from 'autocannon';

export interface LoadJob {
  readonly url: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  /** Request bodies, sent in turn across all connections. */
  readonly bodies: readonly string[];
  readonly connections: number;
  readonly durationSeconds: number;
  /** Text every good answer contains; any other answer counts as a mismatch. */
  readonly expectText: string;
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

async function run(job: LoadJob): Promise<LoadFigures> {
  let next = 0;
  const bodies = job.bodies;
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.durationSeconds,
    requests: [
      {
        method: 'POST',
        path: job.path,
        headers: { 'content-type': 'application/json', ...job.headers },
        setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length]! }),
      },
    ],
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
