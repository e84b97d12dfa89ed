import { Counter, Gauge, Histogram, type LabelValues, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds; from a cached read to a slow write on a busy database. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type RequestLabels = 'route' | 'method' | 'status';

/** One route's, method's and status's pair of series, made once and reused. */
interface RequestSeries {
  readonly count: { inc(): void };
  readonly latency: { observe(seconds: number): void };
}

/** What the pool of a database driver says about itself, when it says anything. */
export interface PoolUse {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

/**
 * The service's figures in the Prometheus text format, in a registry of their own (so that two
 * services in one process never mix). Request series are cached per route, method and status, so
 * the hot path only finds them and counts: no label object, no string built per request.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter<RequestLabels>({
    name: 'cad_http_requests_total',
    help: 'HTTP requests answered, by route template (never the raw URL), method and status.',
    labelNames: ['route', 'method', 'status'],
    registers: [this.registry],
  });
  private readonly latency = new Histogram<RequestLabels>({
    name: 'cad_http_request_duration_seconds',
    help: 'Time from the request reaching the service to the answer being written, by route template, method and status.',
    labelNames: ['route', 'method', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly limited = new Counter<'bucket'>({
    name: 'cad_rate_limited_total',
    help: 'Requests refused with 429 by a rate-limit bucket.',
    labelNames: ['bucket'],
    registers: [this.registry],
  });
  private readonly events = new Counter<'type'>({
    name: 'cad_realtime_events_published_total',
    help: 'Waypoint events handed to the realtime channel for fan-out, by type.',
    labelNames: ['type'],
    registers: [this.registry],
  });
  private readonly series = new Map<string, Map<string, Map<number, RequestSeries>>>();

  constructor(options: { readonly processMetrics?: boolean } = {}) {
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry, prefix: 'cad_' });
  }

  /** One answered request. `route` is the matched template, or `unmatched`. */
  observeRequest(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (byMethod === undefined) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) byMethod.set(method, (byStatus = new Map()));
    let found = byStatus.get(status);
    if (found === undefined) {
      const labels: LabelValues<RequestLabels> = { route, method, status: String(status) };
      found = { count: this.requests.labels(labels), latency: this.latency.labels(labels) };
      byStatus.set(status, found);
    }
    found.count.inc();
    found.latency.observe(seconds);
  }

  rateLimited(bucket: string): void {
    this.limited.inc({ bucket });
  }

  eventPublished(type: string): void {
    this.events.inc({ type });
  }

  /** Connected realtime sockets, read when scraped. */
  watchSockets(engine: string, connections: () => number): void {
    new Gauge<'engine'>({
      name: 'cad_realtime_sockets',
      help: 'Realtime sockets connected now, by engine.',
      labelNames: ['engine'],
      registers: [this.registry],
      collect() {
        this.set({ engine }, connections());
      },
    });
  }

  /** The idempotency keys kept, read when scraped: it grows with keyed writes and shrinks with the purge. */
  watchLedger(size: () => Promise<number>): void {
    new Gauge({
      name: 'cad_idempotency_keys',
      help: 'Idempotency keys the ledger keeps now, expired ones not yet purged included.',
      registers: [this.registry],
      async collect() {
        this.set(await size());
      },
    });
  }

  /** The database pool's connections, read when scraped; only where the driver exposes them. */
  watchPool(use: () => PoolUse | null): void {
    new Gauge<'state'>({
      name: 'cad_db_pool_connections',
      help: 'Database pool connections: total open, idle, and requests waiting for one.',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const now = use();
        if (now === null) return;
        this.set({ state: 'total' }, now.total);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'waiting' }, now.waiting);
      },
    });
  }
}
