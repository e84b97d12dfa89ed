import { parse as parseBytes } from 'bytes';
import compose from 'koa-compose';
import type { RateLimiter } from '../../application/ports/rate-limiter.ts';
import type { UseCases } from '../../application/use-cases.ts';
import type { Logger } from '../logging/index.ts';
import type { BearerTokenRules, MdtSessionRules } from './bearer-token-rules.ts';
import { HttpError } from './error-catalogue.ts';
import { type Answer, Exchange, type Stage, type TransportRequest } from './exchange.ts';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER, fingerprintOf, idempotencyKeyOf, keyScopeOf, runIdempotently } from './idempotency.ts';
import { unfitInput } from './input-text.ts';
import { openApiDocument } from './openapi.ts';
import { HOME_PAGE, pageTable } from './pages.ts';
import { HEARTBEATS, type Reply, type RouteSpec, takesIdempotencyKey } from './route-spec.ts';
import { sameOrigin, sessionIdOf, writeSessionCookie } from './session-cookie.ts';
import { flowCookieOf, ownOrigin, writeFlowCookie } from './flow-cookie.ts';
import { type PipelineRow, ownRouting, plainRow } from './pipeline-rows.ts';
import { docsRoutes } from './stages/docs-page.ts';
import { errorHandler, render } from './stages/error-handler.ts';
import { guard } from './stages/guard.ts';
import { readJsonBody } from './stages/json-body.ts';
import { rateLimit } from './stages/rate-limit.ts';
import { readiness } from './stages/readiness.ts';
import { requestContext } from './stages/request-context.ts';
import { type HttpMetrics, requestMetrics } from './stages/request-metrics.ts';
import { staticPages } from './stages/static-pages.ts';
import { validator } from './validation.ts';
import { VerifiedTokens } from './verified-tokens.ts';

/** What the HTTP pipeline needs from the core; a composed `CadCore` provides it. */
export interface HttpDependencies {
  readonly useCases: UseCases;
  readonly accessTokens: BearerTokenRules;
  readonly mdtSessions: MdtSessionRules;
  readonly rateLimiter: RateLimiter;
  isReady(): Promise<boolean>;
}

export interface HttpOptions {
  readonly logger: Logger;
  /** false: the socket address; true: one proxy's X-Forwarded-For; a number: that many proxies. */
  readonly trustProxy: boolean | number;
  readonly rateLimitScale: number;
  readonly bodyLimit?: string;
  /** Told of every request and every 429 of a rate-limit bucket, when set. */
  readonly metrics?: HttpMetrics;
  /** The realtime channel's AsyncAPI document, served beside the OpenAPI one. */
  readonly asyncApi: object;
  /** The realtime channel's own port when it runs on uWebSockets.js, for the pages that open it. */
  readonly realtimePort?: number | (() => number | undefined);
  /** `summary` sums up the heartbeats' and health checks' successes once a period; every line by default. */
  readonly accessLog?: { readonly mode: 'summary' | 'every'; readonly periodMs: number };
}

export const DEFAULT_BODY_LIMIT = '512kb';

export { type PipelineRow, answerUnrouted, ownRouting } from './pipeline-rows.ts';

/** The whole HTTP surface as one function of a request: what every transport mounts. */
export interface HttpPipeline {
  handle(request: TransportRequest): Promise<Answer>;
  /**
   * The same surface for a transport that routes itself: the stages around routing (metrics, request
   * id, headers, access log, the one error shape, the page table) with `routed` where the pipeline's
   * router would be. `routed` finds the row, sets `ex.route` and `ex.params`, runs it, and answers a
   * path it does not serve with `answerUnrouted`.
   */
  serve(request: TransportRequest, routed: Stage): Promise<Answer>;
  /** Every route served (the table's rows, the documents, the health checks), in the order they are matched. */
  readonly rows: readonly PipelineRow[];
  /** The largest body a route reads, in bytes (decoded); a transport need keep no more of any request. */
  readonly bodyLimitBytes: number;
  /** Every method and path template served (the table's rows, the documents, the health checks). */
  readonly routes: ReadonlyArray<{ readonly method: string; readonly path: string }>;
}

/**
 * Everything the service answers over HTTP, whatever carries it: the route table (each row's
 * guard -> limit -> body -> validation -> use case -> presenter), the health checks, the API
 * documents and their reference page, the page table, and around them all the request id, the
 * security headers, the access log, metrics by route template and the one error shape. A transport
 * turns its request into a `TransportRequest`, calls `handle`, and writes the `Answer` it gets.
 */
export function createHttpPipeline(deps: HttpDependencies, routes: readonly RouteSpec[], options: HttpOptions): HttpPipeline {
  const hops = options.trustProxy === true ? 1 : options.trustProxy === false ? 0 : Math.max(0, Math.floor(options.trustProxy));
  const bodyLimitBytes = parseBytes(options.bodyLimit ?? DEFAULT_BODY_LIMIT) ?? 0;
  const json = readJsonBody(bodyLimitBytes);
  const verified = new VerifiedTokens();
  const rows: PipelineRow[] = routes.map((spec) => rowOf(spec, deps, options, json, verified));
  for (const [path, answer] of docsRoutes(openApiDocument(routes), options.asyncApi)) rows.push(plainRow(path, path, answer));
  rows.push(
    plainRow('/healthz', 'healthz', (ex) => {
      ex.status = 200;
      ex.type = 'application/json';
      ex.body = '{"status":"ok"}';
    }),
    plainRow('/readyz', 'readyz', readiness(deps)),
  );
  const own = ownRouting(rows);
  const pages = pageTable(options.realtimePort === undefined ? {} : { realtimePort: options.realtimePort });
  const around = (routed: Stage) =>
    compose<Exchange>([
      ...(options.metrics === undefined ? [] : [requestMetrics(options.metrics)]),
      requestContext(options.logger, {
        mode: options.accessLog?.mode ?? 'every',
        periodMs: options.accessLog?.periodMs ?? 60_000,
        hot: new Set([...routes.filter((spec) => HEARTBEATS.has(spec.operationId)).map((spec) => spec.path), '/healthz', '/readyz']),
      }),
      errorHandler(options.logger),
      staticPages(pages, HOME_PAGE),
      routed,
    ]);
  const serveWith = async (whole: (ex: Exchange) => Promise<void>, request: TransportRequest) => {
    const exchange = new Exchange(request, hops);
    try {
      await whole(exchange);
    } catch (error) {
      // Nothing gets past the error stage but a failure of the stages around it: still the one shape.
      options.logger.error({ err: error }, 'unhandled error around the pipeline');
      render(exchange, new HttpError('INTERNAL'));
    }
    return exchange.answer();
  };
  const ownWhole = around(own.route);
  // One composition per transport router; `serve` is called with the same `routed` for every request.
  const composed = new WeakMap<Stage, (ex: Exchange) => Promise<void>>();
  return {
    bodyLimitBytes,
    rows,
    routes: own.routes,
    handle: (request) => serveWith(ownWhole, request),
    serve: (request, routed) => {
      let whole = composed.get(routed);
      if (whole === undefined) composed.set(routed, (whole = around(routed)));
      return serveWith(whole, request);
    },
  };
}

/** The stages of one row, in the order every transport runs them. */
function rowOf(spec: RouteSpec, deps: HttpDependencies, options: HttpOptions, json: Stage, verified: VerifiedTokens): PipelineRow {
  const onLimited = options.metrics && ((bucket: string) => options.metrics?.rateLimited(bucket));
  const limit = spec.rateLimit && rateLimit(spec.rateLimit, deps.rateLimiter, options.rateLimitScale, onLimited);
  const { verify, checks } = guard(spec.guard, spec.method, deps.useCases, deps.accessTokens, verified, {
    sessions: deps.mdtSessions,
    authenticate: deps.useCases.authenticateMdtSession,
  });
  const after = [
    ...checks,
    ...(limit && spec.rateLimit?.per !== 'address' ? [limit] : []),
    ...(spec.body ? [json] : []),
    handler(spec, deps.useCases[spec.useCase], deps.useCases.runOnce),
  ];
  return {
    method: spec.method,
    template: spec.path,
    name: spec.operationId,
    ...(limit && spec.rateLimit?.per === 'address' ? { beforeToken: limit } : {}),
    ...(verify ? { verifyToken: verify } : {}),
    afterToken: compose(after),
  };
}

function handler(spec: RouteSpec, useCase: UseCases[RouteSpec['useCase']], runOnce: UseCases['runOnce']): Stage {
  // A property of the row, not of its code: every write row takes a key (decision 0085).
  const keyed = takesIdempotencyKey(spec);
  const checkParams = spec.params ? validator(spec.params, 'path') : () => ({});
  const checkQuery = spec.query ? validator(spec.query, 'query') : () => ({});
  const checkBody = spec.body ? validator(spec.body, 'body') : () => undefined;
  return async (ex) => {
    // Set by the body stage on a route that takes a body, when the request has one.
    const rawBody = ex.requestBody;
    const unfit = unfitInput(rawBody, 'body') ?? unfitInput({ ...ex.query }, 'query');
    if (unfit !== null) throw new HttpError('VALIDATION_FAILED', undefined, [unfit]);
    const params = checkParams({ ...ex.params });
    const query = checkQuery({ ...ex.query });
    const body = checkBody(rawBody);
    const request = {
      params,
      query,
      body,
      grant: ex.state.grant!,
      operator: ex.state.operator!,
      mdt: ex.state.mdt!,
      person: ex.state.person!,
      address: ex.ip,
      // Read only by the people routes: nothing on the bridge's hot path parses a cookie or an origin.
      get userAgent() {
        return ex.get('user-agent');
      },
      get fromOwnPage() {
        return sameOrigin(ex);
      },
      get origin() {
        return ex.get('origin');
      },
      get sessionId() {
        return sessionIdOf(ex);
      },
      get flowCookie() {
        return flowCookieOf(ex);
      },
      get ownOrigin() {
        return ownOrigin(ex);
      },
      target: ex.request.url,
    };
    // A request without the header pays nothing for idempotency: not a statement, not a hash.
    const key = keyed ? idempotencyKeyOf(ex.request.headerValues(IDEMPOTENCY_HEADER)) : null;
    let reply: Reply;
    if (key === null) reply = await spec.handle(request, useCase);
    else {
      const scope = keyScopeOf(ex.state);
      const keyedRequest = { key, scope, fingerprint: fingerprintOf({ key, scope }, ex.method, ex.path, ex.querystring, rawBody) };
      const answer = await runIdempotently(runOnce, keyedRequest, () => spec.handle(request, useCase)).catch((error: unknown) => {
        if (error instanceof HttpError && error.code === 'IDEMPOTENCY_KEY_IN_USE') ex.set('Retry-After', '1');
        throw error;
      });
      if (answer.replayed) ex.set(REPLAYED_HEADER, 'true');
      reply = answer.reply;
    }
    if (reply.cookie !== undefined) writeSessionCookie(ex, reply.cookie);
    if (reply.flowCookie !== undefined) writeFlowCookie(ex, reply.flowCookie);
    if (reply.location !== undefined) {
      ex.set('Cache-Control', 'no-store');
      return ex.redirect(reply.location, reply.status);
    }
    // Serialised here, inside the error stage, so even a failure to serialise is answered in the one shape.
    const text = JSON.stringify(reply.body);
    ex.status = reply.status;
    ex.type = 'application/json';
    ex.body = text;
  };
}
