import Koa from 'koa';
import { type HttpDependencies, type HttpOptions, type RouteSpec, createHttpPipeline } from '../http/index.ts';
import { transportRequestOf } from './node-request.ts';

export type { HttpDependencies, HttpOptions } from '../http/index.ts';
export { DEFAULT_BODY_LIMIT } from '../http/index.ts';

/**
 * The route table on Koa: one middleware that hands each request to the transport-neutral
 * pipeline and writes its answer. Routing, guards, limits, bodies, errors and headers are the
 * pipeline's (`adapters/http/`), the same on every transport; Koa and Node's server carry the bytes.
 */
export function createKoaApp(deps: HttpDependencies, routes: readonly RouteSpec[], options: HttpOptions): Koa {
  const pipeline = createHttpPipeline(deps, routes, options);
  const app = new Koa();
  app.silent = true;
  app.use(async (ctx) => {
    const answer = await pipeline.handle(transportRequestOf(ctx.req));
    ctx.status = answer.status;
    // A header the answer repeats (`Set-Cookie`) is appended; Koa's `set` would keep only the last.
    for (const [name, value] of answer.headers) {
      if (name.toLowerCase() === 'set-cookie') ctx.append(name, value);
      else ctx.set(name, value);
    }
    ctx.body = answer.body;
  });
  return app;
}
