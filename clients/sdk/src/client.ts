import { backoffMs, sleep } from './backoff.ts';
import { CadHttpError, CadUnreachableError } from './errors.ts';
import { type ErrorBody, type OperationId, ROUTE_TABLE } from './generated/routes.ts';
import { type Answer, type ApiMethods, type BridgeMethods, type Input, isRepeatable, outcomeOf } from './operations.ts';
import { RateLimitGate, retryAfterSeconds } from './rate-limit-gate.ts';
import { TokenSource } from './token-source.ts';

export interface CadClientOptions {
  /** The service's base address, e.g. `https://cad.example.org`. */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** `game` for a game server's bridge credential, `generic_api_key` for an API credential. */
  readonly credential: 'game' | 'generic_api_key';
  /**
   * Retry writes after a 503 or a network failure too (true by default): each write is sent with
   * one `Idempotency-Key` for all its attempts, which the service honours (decision 0085), so a
   * repeat is answered with the first answer instead of writing again. `false` answers such a
   * write with an error and never sends it twice (for a service older than idempotency keys).
   */
  readonly retryWrites?: boolean;
  /** Attempts of a repeatable request through 503s and network failures (6 by default). */
  readonly maxAttempts?: number;
  /** How many 429s one request waits out before it gives up (30 by default). */
  readonly maxRateLimitWaits?: number;
  /** Per attempt (10 s by default); a timeout counts as a network failure. */
  readonly requestTimeoutMs?: number;
  /** Backoff between retries: base and cap, with full jitter (250 ms and 8 s by default). */
  readonly backoff?: { readonly baseMs: number; readonly capMs: number };
  /** Told of every wait and retry, for logs. */
  readonly onRetry?: (event: RetryEvent) => void;
  readonly fetch?: typeof fetch;
  /** The clock that token renewal is judged by (`Date.now` by default). */
  readonly now?: () => number;
}

export interface RetryEvent {
  readonly operationId: OperationId;
  readonly cause: 'rate_limited' | 'unavailable' | 'unreachable' | 'token_refused';
  readonly attempt: number;
  readonly waitMs: number;
}

const TRANSIENT = new Set([502, 503, 504]);

/** The typed client of the service: every bridge and API-credential route, with its types from the route table. */
export class CadClient {
  readonly tokens: TokenSource;
  readonly gate = new RateLimitGate();
  readonly bridge: BridgeMethods;
  readonly api: ApiMethods;
  private readonly fetch: typeof fetch;
  private readonly baseUrl: string;

  constructor(readonly options: CadClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    const exchange = options.credential === 'game' ? 'exchangeGameToken' : 'exchangeApiToken';
    this.tokens = new TokenSource(
      () => this.request(exchange, { body: { clientId: options.clientId, clientSecret: options.clientSecret } }),
      options.now,
    );
    this.bridge = this.methods(
      'bridge',
      (operationId) => ROUTE_TABLE[operationId].auth === 'game' || operationId === 'bridgeLatestRelease',
    );
    this.api = this.methods('', (operationId) => ROUTE_TABLE[operationId].auth === 'generic_api_key') as ApiMethods;
  }

  /** The access token the waypoint channel authenticates with (renewed as requests renew it). */
  async accessToken(): Promise<string> {
    return (await this.tokens.get()).token;
  }

  /**
   * Sends one route's request and returns its success answer. A 429 waits for `Retry-After` (in
   * its bucket only) and goes again; a 401 with a token exchanges once more and goes again; a 503
   * or a network failure is retried with backoff where a repeat cannot double a write.
   */
  async request<K extends OperationId>(operationId: K, input: Input<K>): Promise<Answer<K>> {
    const route = ROUTE_TABLE[operationId];
    const parts = input as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
    const url = this.urlOf(route.path, parts.params, parts.query);
    const retryable = isRepeatable(operationId) || this.options.retryWrites !== false;
    // One key for every attempt of this logical write.
    const idempotencyKey = route.method !== 'GET' && !isRepeatable(operationId) ? globalThis.crypto.randomUUID() : undefined;
    const maxAttempts = this.options.maxAttempts ?? 6;
    const maxWaits = this.options.maxRateLimitWaits ?? 30;
    const { baseMs, capMs } = this.options.backoff ?? { baseMs: 250, capMs: 8_000 };
    let failures = 0;
    let waits = 0;
    let tokenRetried = false;
    for (;;) {
      await this.gate.pass(route.bucket);
      const token = route.auth === 'none' ? null : (await this.tokens.get()).token;
      let response: Response;
      try {
        response = await this.fetch(url, {
          method: route.method,
          headers: {
            accept: 'application/json',
            ...(parts.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token === null ? {} : { authorization: `Bearer ${token}` }),
            ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
          },
          ...(parts.body === undefined ? {} : { body: JSON.stringify(parts.body) }),
          signal: AbortSignal.timeout(this.options.requestTimeoutMs ?? 10_000),
        });
      } catch (cause) {
        failures += 1;
        if (!retryable || failures >= maxAttempts) throw new CadUnreachableError(operationId, cause);
        await this.wait(operationId, 'unreachable', failures, backoffMs(failures, baseMs, capMs));
        continue;
      }
      if (response.ok) return (await response.json()) as Answer<K>;
      const body = await errorBody(response);
      if (response.status === 429) {
        waits += 1;
        const seconds = retryAfterSeconds(response.headers.get('retry-after'));
        this.gate.close(route.bucket, seconds);
        if (waits > maxWaits) throw new CadHttpError(operationId, 429, body);
        this.options.onRetry?.({ operationId, cause: 'rate_limited', attempt: waits, waitMs: seconds * 1000 });
        continue;
      }
      if (response.status === 401 && token !== null && !tokenRetried) {
        // The token was refused (expired under clock skew, or keys rotated): exchange once more.
        tokenRetried = true;
        this.tokens.discard(token);
        this.options.onRetry?.({ operationId, cause: 'token_refused', attempt: 1, waitMs: 0 });
        continue;
      }
      // An earlier attempt of this very write is still being processed (it timed out here, say).
      const keyInUse = response.status === 409 && body?.error === 'IDEMPOTENCY_KEY_IN_USE';
      if ((TRANSIENT.has(response.status) || keyInUse) && retryable && failures + 1 < maxAttempts) {
        failures += 1;
        const hinted = response.headers.get('retry-after');
        const waitMs = hinted === null ? backoffMs(failures, baseMs, capMs) : retryAfterSeconds(hinted) * 1000;
        await this.wait(operationId, 'unavailable', failures, waitMs);
        continue;
      }
      throw new CadHttpError(operationId, response.status, body);
    }
  }

  private async wait(operationId: OperationId, cause: RetryEvent['cause'], attempt: number, waitMs: number): Promise<void> {
    this.options.onRetry?.({ operationId, cause, attempt, waitMs });
    await sleep(waitMs);
  }

  private urlOf(path: string, params?: Record<string, string>, query?: Record<string, unknown>): string {
    const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, String(value));
    const qs = search.toString();
    return `${this.baseUrl}${filled}${qs === '' ? '' : `?${qs}`}`;
  }

  /** One method per route, named as `BridgeMethods` and `ApiMethods` name them. */
  private methods<T>(prefix: string, admit: (operationId: OperationId) => boolean): T {
    const methods: Record<string, (args: unknown) => Promise<unknown>> = {};
    for (const operationId of Object.keys(ROUTE_TABLE) as OperationId[]) {
      if (!admit(operationId)) continue;
      const route: { takes: string; flag?: string } = ROUTE_TABLE[operationId];
      const rest = operationId.slice(prefix.length);
      const name = rest.charAt(0).toLowerCase() + rest.slice(1);
      methods[name] = async (args) => {
        const input = (route.takes === 'body' ? { body: args } : args) as Input<typeof operationId>;
        const answer = (await this.request(operationId, input)) as Record<string, unknown>;
        return route.flag === undefined ? answer : outcomeOf(route.flag, answer);
      };
    }
    return methods as T;
  }
}

async function errorBody(response: Response): Promise<ErrorBody | undefined> {
  try {
    return (await response.json()) as ErrorBody;
  } catch {
    return undefined;
  }
}
