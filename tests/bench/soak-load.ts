/**
 * The soak's HTTP load: a paced mix of what a busy game server and a dispatch console send:
 * location heartbeats most of all, then lookups, 911 calls, officers assigning themselves to a
 * call and leaving it, console reads, and a dispatcher closing the oldest call. The load keeps
 * track of the open calls and of who is on which, so that assignments keep changing (and
 * waypoint events keep flowing) all run long, while open calls stay bounded.
 */
import { BRIDGE } from '../support/bridge-driver.ts';
import type { SoakWorld } from './soak-world.ts';

/** What the load knows of the service's state: the open calls, oldest first, and each assigned officer's call. */
interface Dispatch {
  readonly calls: string[];
  readonly assigned: Map<number, string>;
}

interface Request {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly token: string;
  /** Learns from a 200 answer. */
  readonly then?: (answer: Record<string, unknown>) => void;
}

type Action = (world: SoakWorld, dispatch: Dispatch) => Request;

const OPEN_CALLS = 40;
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const spot = () => ({ mapX: Math.round(Math.random() * 8000 - 4000), mapY: Math.round(Math.random() * 8000 - 4000) });
const bridge = (world: SoakWorld, path: string, body: unknown, then?: Request['then']): Request => ({
  method: 'POST',
  path: `${BRIDGE}${path}`,
  body,
  token: world.tokens.game,
  then,
});

const report911: Action = (w, d) =>
  bridge(w, '/911', { identifiers: w.caller, ...spot(), description: 'soak: shots fired' }, (a) => d.calls.push(a['callId'] as string));

/** The oldest call closes (its assignments go with it), as a dispatcher clears the board. */
const closeOldest: Action = (w, d) => {
  const callId = d.calls.shift()!;
  for (const [officer, call] of d.assigned) if (call === callId) d.assigned.delete(officer);
  return { method: 'POST', path: `/api/v1/admin/calls/${callId}/close`, token: w.bootstrapKey };
};

const selfAssign: Action = (w, d) => {
  const officer = Math.floor(Math.random() * w.officers.length);
  const callId = pick(d.calls);
  return bridge(w, '/911/self-assign', { identifiers: w.officers[officer], callId }, (a) => {
    if (a['assigned'] === true) d.assigned.set(officer, callId);
  });
};

const unassign: Action = (w, d) => {
  const [officer, callId] = pick([...d.assigned]);
  d.assigned.delete(officer);
  return bridge(w, '/911/unassign', { identifiers: w.officers[officer], callId });
};

/** What is sent, and how often relative to the rest. */
const MIX: readonly (readonly [string, number, Action])[] = [
  ['location', 55, (w) => bridge(w, '/location', { identifiers: pick(w.officers), ...spot() })],
  ['lookup-person', 6, (w) => bridge(w, '/lookup/person', { identifiers: pick(w.officers), ...pick(w.people) })],
  ['lookup-vehicle', 6, (w) => bridge(w, '/lookup/vehicle', { identifiers: pick(w.officers), plate: pick(w.plates) })],
  ['warrant-check', 4, (w) => bridge(w, '/warrant-check', { identifiers: pick(w.officers), ...pick(w.people) })],
  ['bolo-check', 3, (w) => bridge(w, '/bolo-check', { identifiers: pick(w.officers), plate: pick(w.plates) })],
  ['911', 5, report911],
  ['self-assign', 7, selfAssign],
  ['unassign', 6, unassign],
  ['api-units', 2, (w) => ({ method: 'GET', path: `/api/v1/units?limit=50`, token: w.tokens.api })],
  ['api-calls', 2, (w) => ({ method: 'GET', path: `/api/v1/cad/calls?limit=20`, token: w.tokens.api })],
  ['close-call', 4, closeOldest],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [, weight]) => sum + weight, 0);

/** The action to send next: by weight, unless the board says otherwise. */
function choose(dispatch: Dispatch): Action {
  if (dispatch.calls.length < 2) return report911;
  let roll = Math.random() * TOTAL_WEIGHT;
  const [name, , action] = MIX.find(([, weight]) => (roll -= weight) < 0) ?? MIX[0]!;
  if (name === '911' && dispatch.calls.length >= OPEN_CALLS) return closeOldest;
  if (name === 'close-call' && dispatch.calls.length < OPEN_CALLS / 2) return report911;
  if (name === 'unassign' && dispatch.assigned.size === 0) return selfAssign;
  return action;
}

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
  private readonly dispatch: Dispatch = { calls: [], assigned: new Map() };
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

  private async sendOne(): Promise<void> {
    const request = choose(this.dispatch)(this.world, this.dispatch);
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
      if (status === 200) request.then?.(JSON.parse(text) as Record<string, unknown>);
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
