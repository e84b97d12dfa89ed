/**
 * The soak's HTTP load: a paced mix of what a busy game server and a dispatch console send:
 * location heartbeats most of all, then lookups, 911 calls, officers assigning themselves and
 * leaving, console reads, and a dispatcher closing old calls (so that open calls stay bounded).
 */
import { BRIDGE } from '../support/bridge-driver.ts';
import type { SoakWorld } from './soak-world.ts';

type Action = (world: SoakWorld, calls: string[]) => { method: string; path: string; body?: unknown; token: string; call?: boolean };

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const spot = () => ({ mapX: Math.round(Math.random() * 8000 - 4000), mapY: Math.round(Math.random() * 8000 - 4000) });
const bridge = (path: string, body: unknown, world: SoakWorld) => ({
  method: 'POST',
  path: `${BRIDGE}${path}`,
  body,
  token: world.tokens.game,
});

/** What is sent, and how often relative to the rest. */
const MIX: readonly (readonly [string, number, Action])[] = [
  ['location', 55, (w) => bridge('/location', { identifiers: pick(w.officers), ...spot() }, w)],
  ['lookup-person', 6, (w) => bridge('/lookup/person', { identifiers: pick(w.officers), ...pick(w.people) }, w)],
  ['lookup-vehicle', 6, (w) => bridge('/lookup/vehicle', { identifiers: pick(w.officers), plate: pick(w.plates) }, w)],
  ['warrant-check', 4, (w) => bridge('/warrant-check', { identifiers: pick(w.officers), ...pick(w.people) }, w)],
  ['bolo-check', 3, (w) => bridge('/bolo-check', { identifiers: pick(w.officers), plate: pick(w.plates) }, w)],
  ['911', 5, (w) => ({ ...bridge('/911', { identifiers: w.caller, ...spot(), description: 'soak: shots fired' }, w), call: true })],
  ['self-assign', 7, (w, calls) => bridge('/911/self-assign', { identifiers: pick(w.officers), callId: pick(calls) }, w)],
  ['unassign', 7, (w, calls) => bridge('/911/unassign', { identifiers: pick(w.officers), callId: pick(calls) }, w)],
  ['api-units', 2, (w) => ({ method: 'GET', path: `/api/v1/units?limit=50`, token: w.tokens.api })],
  ['api-calls', 2, (w) => ({ method: 'GET', path: `/api/v1/cad/calls?limit=20`, token: w.tokens.api })],
  ['close-call', 2, (w, calls) => ({ method: 'POST', path: `/api/v1/admin/calls/${calls.shift()}/close`, token: w.bootstrapKey })],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [, weight]) => sum + weight, 0);
const OPEN_CALLS = 40;

export interface LoadInterval {
  requests: number;
  /** Answers by status; 0 stands for no answer (network error or timeout). */
  statuses: Record<number, number>;
  /** Requests that could not start because as many as allowed were still in flight. */
  skipped: number;
  latencies: number[];
  lastFailure: string;
}

const emptyInterval = (): LoadInterval => ({ requests: 0, statuses: {}, skipped: 0, latencies: [], lastFailure: '' });

export class MixedLoad {
  private interval = emptyInterval();
  private readonly calls: string[] = [];
  private inFlight = 0;
  private credit = 0;
  private ticker: NodeJS.Timeout | undefined;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly baseUrl: string,
    private readonly world: SoakWorld,
    private readonly options: { requestsPerSecond: number; maxInFlight: number },
  ) {}

  start(): void {
    let last = performance.now();
    this.ticker = setInterval(() => {
      // By the time that passed, not the ticks: a busy loop fires timers late.
      const now = performance.now();
      this.credit += (this.options.requestsPerSecond * (now - last)) / 1000;
      last = now;
      for (; this.credit >= 1; this.credit--) {
        if (this.inFlight >= this.options.maxInFlight) {
          this.interval.skipped++;
          continue;
        }
        const sent = this.sendOne().finally(() => this.running.delete(sent));
        this.running.add(sent);
      }
    }, 10);
  }

  async stop(): Promise<void> {
    clearInterval(this.ticker);
    await Promise.all(this.running);
  }

  /** The counts since the last call. */
  take(): LoadInterval {
    const taken = this.interval;
    this.interval = emptyInterval();
    return taken;
  }

  private choose(): Action {
    // Until there are calls, 911 calls are what is sent.
    if (this.calls.length < 2) return MIX.find(([name]) => name === '911')![2];
    let roll = Math.random() * TOTAL_WEIGHT;
    for (const [name, weight, action] of MIX) {
      if ((roll -= weight) < 0) return name === 'close-call' && this.calls.length < OPEN_CALLS / 2 ? MIX[0]![2] : action;
    }
    return MIX[0]![2];
  }

  private async sendOne(): Promise<void> {
    const request = this.choose()(this.world, this.calls);
    this.inFlight++;
    const started = performance.now();
    let status = 0;
    try {
      const response = await fetch(this.baseUrl + request.path, {
        method: request.method,
        headers: {
          authorization: `Bearer ${request.token}`,
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(30_000),
      });
      status = response.status;
      const text = await response.text();
      if (request.call === true && status === 200) {
        this.calls.push((JSON.parse(text) as { callId: string }).callId);
        if (this.calls.length > OPEN_CALLS) this.calls.shift();
      }
      if (status >= 300 && status !== 404) this.interval.lastFailure = `${request.method} ${request.path} ${status} ${text.slice(0, 200)}`;
    } catch (error) {
      this.interval.lastFailure = `${request.method} ${request.path}: ${String(error)}`;
    } finally {
      this.inFlight--;
      this.interval.requests++;
      this.interval.statuses[status] = (this.interval.statuses[status] ?? 0) + 1;
      this.interval.latencies.push(performance.now() - started);
    }
  }
}
