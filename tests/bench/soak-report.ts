/** The soak's figures: one row per interval, and whether memory levelled off after warm-up. */
import type { LoadInterval } from './soak-load.ts';
import type { ProbeSample } from './soak-probe.ts';
import type { ServerFacts } from './soak-server.ts';
import type { SocketInterval } from './soak-sockets.ts';

export interface IntervalRow {
  readonly seconds: number;
  readonly requests: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  /** Answers other than 2xx (refusals that are documented 4xx included), and no answer at all. */
  readonly non2xx: number;
  readonly serverErrors: number;
  readonly noAnswer: number;
  readonly skipped: number;
  readonly sockets: number;
  readonly socketErrors: number;
  readonly events: number;
  readonly loggedErrors: number;
  readonly rssMb: number;
  /** The lowest heap used among the interval's samples (after a collection: what is live) and the highest. */
  readonly heapFloorMb: number;
  readonly heapPeakMb: number;
  readonly resources: number;
  readonly fds: number;
}

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

export function intervalRow(
  seconds: number,
  lengthSeconds: number,
  load: LoadInterval,
  sockets: SocketInterval,
  samples: ProbeSample[],
  facts: ServerFacts,
  loggedErrors: number,
  serverErrors: number,
): IntervalRow {
  const latencies = [...load.latencies].sort((a, b) => a - b);
  const statuses = Object.entries(load.statuses).map(([status, n]) => [Number(status), n] as const);
  const heaps = samples.map((s) => s.heapUsed);
  return {
    seconds,
    requests: load.requests,
    perSecond: Math.round(load.requests / lengthSeconds),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    non2xx: statuses.filter(([s]) => s !== 0 && (s < 200 || s >= 300)).reduce((sum, [, n]) => sum + n, 0),
    serverErrors,
    noAnswer: load.statuses[0] ?? 0,
    skipped: load.skipped,
    sockets: sockets.connected,
    socketErrors: sockets.connectErrors,
    events: sockets.events,
    loggedErrors,
    rssMb: mb(facts.rss),
    heapFloorMb: heaps.length === 0 ? NaN : mb(Math.min(...heaps)),
    heapPeakMb: heaps.length === 0 ? NaN : mb(Math.max(...heaps)),
    resources: samples.at(-1)?.resources ?? NaN,
    fds: facts.fds,
  };
}

export function table(rows: readonly IntervalRow[]): string {
  const head =
    '| t (s) | requests | req/s | p50 ms | p99 ms | non-2xx | 5xx | no answer | skipped | sockets | socket errors | events | logged errors | RSS MB | heap floor MB | heap peak MB | active resources | fds |';
  const line = (r: IntervalRow) =>
    `| ${r.seconds} | ${r.requests} | ${r.perSecond} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.serverErrors} | ${r.noAnswer} | ${r.skipped} | ${r.sockets} | ${r.socketErrors} | ${r.events} | ${r.loggedErrors} | ${r.rssMb} | ${r.heapFloorMb} | ${r.heapPeakMb} | ${r.resources} | ${r.fds} |`;
  return [head, `|${'---|'.repeat(18)}`, ...rows.map(line)].join('\n');
}

/** Least-squares slope of `y` over time, per minute. */
function slopePerMinute(rows: readonly IntervalRow[], y: (r: IntervalRow) => number): number {
  const xs = rows.map((r) => r.seconds / 60);
  const ys = rows.map(y);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i]! - my), 0);
  const den = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return den === 0 ? 0 : Math.round((num / den) * 100) / 100;
}

/**
 * Memory levels off when, over the second half of the run after warm-up, neither the live heap
 * (the floor) nor the RSS grows by more than half a megabyte a minute.
 */
export function verdict(rows: readonly IntervalRow[], warmupSeconds: number): { text: string; levelled: boolean } {
  const settled = rows.filter((r) => r.seconds > warmupSeconds);
  if (settled.length < 4) return { text: 'too short to judge (fewer than 4 intervals after warm-up)', levelled: false };
  const secondHalf = settled.slice(Math.floor(settled.length / 2));
  const heapSlope = slopePerMinute(secondHalf, (r) => r.heapFloorMb);
  const rssSlope = slopePerMinute(secondHalf, (r) => r.rssMb);
  const first = settled[0]!;
  const last = settled.at(-1)!;
  const levelled = heapSlope < 0.5 && rssSlope < 0.5;
  return {
    levelled,
    text:
      `after warm-up (${warmupSeconds} s): RSS ${first.rssMb} -> ${last.rssMb} MB (max ${Math.max(...settled.map((r) => r.rssMb))}), ` +
      `heap floor ${first.heapFloorMb} -> ${last.heapFloorMb} MB, active resources ${first.resources} -> ${last.resources}, fds ${first.fds} -> ${last.fds}; ` +
      `second half slopes: heap floor ${heapSlope} MB/min, RSS ${rssSlope} MB/min => ${levelled ? 'memory levels off' : 'memory still grows'}`,
  };
}
