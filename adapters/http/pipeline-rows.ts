import compose from 'koa-compose';
import { HttpError } from './error-catalogue.ts';
import type { Exchange, Stage } from './exchange.ts';
import { Router } from './router.ts';
import { methodNotAllowed } from './stages/error-handler.ts';

/**
 * One route as a transport with a router of its own mounts it (the Koa transport, on @koa/router):
 * the row's stages split where its bearer token is verified, so that such a transport can verify
 * it with its own middleware (koa-jwt) and run everything else as the pipeline does.
 */
export interface PipelineRow {
  readonly method: string;
  /** The path template, with `:name` parameters (path-to-regexp's form). */
  readonly template: string;
  /** The row's operation id; the document's path or the health check's for the routes outside the table. */
  readonly name: string;
  /** What runs before the token is verified (a budget per caller address), if anything. */
  readonly beforeToken?: Stage;
  /**
   * The pipeline's own verification of the row's JWT bearer token (`Authorization: Bearer <jwt>`,
   * with `BearerTokenRules.verification`), leaving the claims in `ex.claims`; absent on every row
   * that takes no such token (public rows, operator keys, sessions, MDT sessions).
   */
  readonly verifyToken?: Stage;
  /** The rest of the row, from the verified claims on: kind and scope, limits, body, validation, use case, presenter. */
  readonly afterToken: Stage;
}

/**
 * The answer to a path no row serves with this method, on every transport: `null` (no row has
 * the path) is a 404; a method no route can have is a 501, an OPTIONS is 200 with `Allow`, any
 * other method a 405 with `Allow`.
 */
export function answerUnrouted(ex: Exchange, allow: string | null, implemented: boolean): void {
  if (allow === null) throw new HttpError('NOT_FOUND');
  ex.set('Allow', allow);
  if (!implemented) throw new HttpError('NOT_IMPLEMENTED');
  if (ex.method !== 'OPTIONS') throw methodNotAllowed(ex.method, allow);
  ex.status = 200;
  ex.body = '';
}

/**
 * The pipeline's own router over its rows (what `handle` routes with, so the uWS transport too):
 * the stage that finds a request's row and runs it whole, or answers `answerUnrouted`.
 */
export function ownRouting(rows: readonly PipelineRow[]): {
  readonly route: Stage;
  readonly routes: ReadonlyArray<{ readonly method: string; readonly path: string }>;
} {
  const router = new Router<Stage>();
  for (const row of rows) router.add(row.method, row.template, wholeRow(row));
  const route: Stage = (ex) => {
    const found = router.find(ex.method, ex.path);
    if (found.kind === 'route') {
      ex.route = found.template;
      ex.params = found.params;
      return found.target(ex, async () => undefined);
    }
    if (found.kind === 'none') return answerUnrouted(ex, null, true);
    return answerUnrouted(ex, found.allow, found.implemented);
  };
  return { route, routes: router.routes() };
}

/** A GET route outside the table (a document, a health check): one stage, no guard. */
export function plainRow(template: string, name: string, answer: Stage): PipelineRow {
  return { method: 'GET', template, name, afterToken: answer };
}

/** A row as the pipeline's own router runs it: before the token, its verification, the rest. */
function wholeRow(row: PipelineRow): Stage {
  const stages = [row.beforeToken, row.verifyToken, row.afterToken].filter((stage) => stage !== undefined);
  return stages.length === 1 ? stages[0]! : compose(stages);
}
