import { Router } from '@koa/router';
import Koa, { type Middleware } from 'koa';
import type { RateLimiter } from '../../application/ports/rate-limiter.ts';
import type { UseCases } from '../../application/use-cases.ts';
import type { BearerTokenRules, MdtSessionRules } from '../http/index.ts';
import type { Logger } from '../logging/index.ts';
import { HttpError } from '../http/index.ts';
import { unfitInput } from '../http/index.ts';
import { REPLAYED_HEADER, fingerprintOf, idempotencyKeyOf, keyScopeOf, runIdempotently } from '../http/index.ts';
import { readJsonBody } from '../http/index.ts';
import type { HttpState } from '../http/index.ts';
import { HOME_PAGE, pageTable } from '../http/index.ts';
import { staticPages } from '../http/index.ts';
import { errorHandler } from '../http/index.ts';
import { guard } from '../http/index.ts';
import { rateLimit } from '../http/index.ts';
import { requestContext } from '../http/index.ts';
import { type HttpMetrics, requestMetrics } from '../http/index.ts';
import { mountDocs } from '../http/index.ts';
import { openApiDocument } from '../http/index.ts';
import { readiness } from '../http/index.ts';
import { type Reply, type RouteSpec, takesIdempotencyKey } from '../http/index.ts';
import { validator } from '../http/index.ts';
import { VerifiedTokens } from '../http/index.ts';

/** What the HTTP transport needs from the core; a composed `CadCore` provides it. */
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
}

export const DEFAULT_BODY_LIMIT = '512kb';

/** A Koa application serving every route of the table, plus health checks, the API documents, the reference page and the page table (the admin page and the shared page code). */
export function createKoaApp(deps: HttpDependencies, routes: readonly RouteSpec[], options: HttpOptions): Koa<HttpState> {
  // Koa reads maxIpsCount 0 as "trust every X-Forwarded-For entry"; we never want that.
  const hops = options.trustProxy === true ? 1 : options.trustProxy === false ? 0 : Math.max(0, Math.floor(options.trustProxy));
  const app = new Koa<HttpState>({ proxy: hops > 0, maxIpsCount: hops });
  app.silent = true;
  const router = new Router<HttpState>();
  const json = readJsonBody(options.bodyLimit ?? DEFAULT_BODY_LIMIT);
  const verified = new VerifiedTokens();
  for (const spec of routes) {
    router.register(spec.path, [spec.method], mount(spec, deps, options, json, verified));
  }
  mountDocs(router, openApiDocument(routes), options.asyncApi);
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', readiness(deps));
  if (options.metrics !== undefined) app.use(requestMetrics(options.metrics));
  app.use(requestContext(options.logger));
  app.use(errorHandler(options.logger));
  app.use(staticPages(pageTable(options.realtimePort === undefined ? {} : { realtimePort: options.realtimePort }), HOME_PAGE));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}

function mount(
  spec: RouteSpec,
  deps: HttpDependencies,
  options: HttpOptions,
  json: Middleware<HttpState>,
  verified: VerifiedTokens,
): Middleware<HttpState>[] {
  const onLimited = options.metrics && ((bucket: string) => options.metrics?.rateLimited(bucket));
  const limit = spec.rateLimit && rateLimit(spec.rateLimit, deps.rateLimiter, options.rateLimitScale, onLimited);
  return [
    ...(limit && spec.rateLimit?.per === 'address' ? [limit] : []),
    ...guard(spec.guard, deps.useCases.authenticateOperator, deps.accessTokens, verified, {
      sessions: deps.mdtSessions,
      authenticate: deps.useCases.authenticateMdtSession,
    }),
    ...(limit && spec.rateLimit?.per !== 'address' ? [limit] : []),
    ...(spec.body ? [json] : []),
    handler(spec, deps.useCases[spec.useCase], deps.useCases.runOnce),
  ];
}

function handler(spec: RouteSpec, useCase: UseCases[RouteSpec['useCase']], runOnce: UseCases['runOnce']): Middleware<HttpState> {
  // A property of the row, not of its code: every write row takes a key (decision 0085).
  const keyed = takesIdempotencyKey(spec);
  const checkParams = spec.params ? validator(spec.params, 'path') : () => ({});
  const checkQuery = spec.query ? validator(spec.query, 'query') : () => ({});
  const checkBody = spec.body ? validator(spec.body, 'body') : () => undefined;
  return async (ctx) => {
    // Set by the body reader on a route that takes a body, when the request has one.
    const rawBody = ctx.request.body;
    const unfit = unfitInput(rawBody, 'body') ?? unfitInput({ ...ctx.query }, 'query');
    if (unfit !== null) throw new HttpError('VALIDATION_FAILED', undefined, [unfit]);
    const params = checkParams({ ...ctx.params });
    const query = checkQuery({ ...ctx.query });
    const body = checkBody(rawBody);
    const request = { params, query, body, grant: ctx.state.grant!, operator: ctx.state.operator!, mdt: ctx.state.mdt!, address: ctx.ip };
    // A request without the header pays nothing for idempotency: not a statement, not a hash.
    const key = keyed ? idempotencyKeyOf(ctx.req.headersDistinct) : null;
    let reply: Reply;
    if (key === null) reply = await spec.handle(request, useCase);
    else {
      const scope = keyScopeOf(ctx.state);
      const keyedRequest = { key, scope, fingerprint: fingerprintOf({ key, scope }, ctx.method, ctx.path, ctx.querystring, rawBody) };
      const answer = await runIdempotently(runOnce, keyedRequest, () => spec.handle(request, useCase)).catch((error: unknown) => {
        if (error instanceof HttpError && error.code === 'IDEMPOTENCY_KEY_IN_USE') ctx.set('Retry-After', '1');
        throw error;
      });
      if (answer.replayed) ctx.set(REPLAYED_HEADER, 'true');
      reply = answer.reply;
    }
    // Serialised here, inside the error middleware, so even a failure to serialise is answered in the one shape.
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(reply.body);
    ctx.status = reply.status;
  };
}
