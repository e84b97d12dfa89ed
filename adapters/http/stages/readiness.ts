import { HttpError } from '../error-catalogue.ts';
import type { Stage } from '../exchange.ts';

/** What `/readyz` asks: the database (required), and the backing services the instance can run without. */
export interface Readiness {
  isReady(): Promise<boolean>;
  /** Names of the optional backing services unreachable right now, e.g. `['redis']`. */
  degraded?(): readonly string[];
}

/**
 * `GET /readyz`: 503 when the database does not answer, since nothing useful can be served; 200
 * otherwise, naming in `degraded` what the instance runs without (decision 0033), so that a
 * balancer keeps sending traffic while an operator can see the fault.
 */
export function readiness(deps: Readiness): Stage {
  return async (ex) => {
    if (!(await deps.isReady())) throw new HttpError('SERVICE_UNAVAILABLE', 'The database does not answer.');
    const degraded = deps.degraded?.() ?? [];
    ex.status = 200;
    ex.type = 'application/json';
    ex.body = JSON.stringify(degraded.length === 0 ? { status: 'ready' } : { status: 'ready', degraded });
  };
}
