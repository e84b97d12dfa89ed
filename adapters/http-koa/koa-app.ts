import Koa from 'koa';
import type { RouterContext } from '@koa/router';
import {
  type Exchange,
  type HttpDependencies,
  type HttpPipeline,
  type HttpOptions,
  type RouteSpec,
  type TransportRequest,
  createHttpPipeline,
} from '../http/index.ts';
import { bearerGuard } from './bearer-guard.ts';
import { exchangeOf, tableRouter, unrouted } from './koa-routes.ts';
import { transportRequestOf } from './node-request.ts';

export type { HttpDependencies, HttpOptions } from '../http/index.ts';
export { DEFAULT_BODY_LIMIT } from '../http/index.ts';

/** A request of this transport: Node's request as the pipeline reads it, with the Koa middleware after the pipeline's outer stages. */
interface KoaRequest extends TransportRequest {
  readonly ctx: Koa.Context;
  readonly next: Koa.Next;
}

/**
 * The route table as a Koa application: the pipeline's stages around routing (metrics, request id,
 * headers, access log, the one error shape, the page table), then @koa/router with the table's
 * rows, koa-jwt in front of the rows that take a JWT bearer token, and `allowedMethods()` for the
 * paths no row took. Everything after routing and the token's verification (kind and scope,
 * limits, body, validation, use case, presenter) is the pipeline's row, run as it runs on uWS.
 */
export function createKoaApp(deps: HttpDependencies, routes: readonly RouteSpec[], options: HttpOptions): Koa {
  return koaApplication(createHttpPipeline(deps, routes, options), bearerGuard(deps.accessTokens, exchangeOf));
}

/** The Koa application of a pipeline's rows, with `bearer` in front of each JWT row. */
export function koaApplication(pipeline: Pick<HttpPipeline, 'rows' | 'serve'>, bearer: Koa.Middleware): Koa {
  const router = tableRouter(pipeline.rows, bearer);
  const app = new Koa();
  app.silent = true;
  const intoKoa = (ex: Exchange) => {
    const { ctx, next } = ex.request as KoaRequest;
    ctx.state['exchange'] = ex;
    // The router matches the path the pipeline reads (the target up to `?`, as sent), as uWS's does.
    (ctx as unknown as RouterContext).newRouterPath = ex.path;
    return next();
  };
  app.use(async (ctx, next) => {
    const request: KoaRequest = Object.assign(transportRequestOf(ctx.req), { ctx, next });
    const answer = await pipeline.serve(request, intoKoa);
    ctx.status = answer.status;
    // A header the answer repeats (`Set-Cookie`) is appended; Koa's `set` would keep only the last.
    for (const [name, value] of answer.headers) {
      if (name.toLowerCase() === 'set-cookie') ctx.append(name, value);
      else ctx.set(name, value);
    }
    ctx.body = answer.body;
  });
  app.use(router.routes());
  app.use(unrouted(router));
  return app;
}
