import Router, { type RouterContext, type RouterMiddleware } from '@koa/router';
import type Koa from 'koa';
import { type Exchange, type PipelineRow, type Stage, answerUnrouted } from '../http/index.ts';

/** The pipeline's exchange of a Koa request, put in `ctx.state` by the mount before routing. */
export function exchangeOf(ctx: Koa.Context): Exchange {
  return (ctx.state as { exchange: Exchange }).exchange;
}

/** A stage of the pipeline as Koa middleware: the same `next`, the exchange for the context. */
const middlewareOf =
  (stage: Stage): Koa.Middleware =>
  (ctx, next) =>
    stage(exchangeOf(ctx), next);

/**
 * The pipeline's rows on a @koa/router router, matched by the rules the pipeline's own router
 * keeps on uWS (`adapters/http/router.ts`): path-to-regexp templates, case-insensitive
 * (`sensitive: false`), one optional trailing slash (`strict: false`), a GET route answering HEAD.
 * The rows are registered in the order that router tries them (paths without parameters first,
 * then the others; a path's methods together, in table order), so that the row chosen and the
 * methods `Allow` lists are the same on both; `tests/http/router-parity.test.ts` holds them to it.
 * Each row: its route and parameters into the exchange (the matched route names the metrics),
 * whatever runs before its token, koa-jwt for a JWT row (`bearer`), then the rest of the row.
 */
export function tableRouter(rows: readonly PipelineRow[], bearer: Koa.Middleware): Router {
  const router = new Router({ sensitive: false, strict: false, exclusive: false });
  for (const row of matchOrder(rows)) {
    const enter: RouterMiddleware = (ctx, next) => {
      const ex = exchangeOf(ctx);
      ex.route = ctx._matchedRoute as string;
      ex.params = ctx.params;
      return next();
    };
    const stack: Koa.Middleware[] = [enter as Koa.Middleware];
    if (row.beforeToken !== undefined) stack.push(middlewareOf(row.beforeToken));
    if (row.verifyToken !== undefined) stack.push(bearer);
    stack.push(middlewareOf(row.afterToken));
    router.register(row.template, [row.method], stack, { name: row.name });
  }
  return router;
}

/** The order the pipeline's router tries rows in: exact paths first, then templates; each path's methods together. */
export function matchOrder(rows: readonly PipelineRow[]): PipelineRow[] {
  const byTemplate = new Map<string, PipelineRow[]>();
  for (const row of rows) byTemplate.set(row.template, [...(byTemplate.get(row.template) ?? []), row]);
  const groups = [...byTemplate.values()];
  const parametric = (group: PipelineRow[]) => group[0]!.template.includes(':');
  return [...groups.filter((group) => !parametric(group)), ...groups.filter(parametric)].flat();
}

/**
 * After `router.routes()`: a request no row took. No row has its path: 404 (whatever the method,
 * as on uWS). Otherwise @koa/router's `allowedMethods()` decides (405 with `Allow`, 501 for a method
 * no route can have, 200 with `Allow` for OPTIONS), and the pipeline answers it in the one shape.
 */
export function unrouted(router: Router): Koa.Middleware {
  const allowed = router.allowedMethods() as Koa.Middleware;
  return async (ctx, next) => {
    const ex = exchangeOf(ctx);
    const routed = ctx as unknown as RouterContext;
    if ((routed.matched?.length ?? 0) === 0) return answerUnrouted(ex, null, true);
    await allowed(ctx, next);
    answerUnrouted(ex, ctx.response.get('Allow'), ctx.status !== 501);
  };
}
