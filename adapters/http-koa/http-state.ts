import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { Logger } from '../logging/index.ts';

/** What the middleware chain learns about a request, in `ctx.state`. */
export interface HttpState {
  requestId: string;
  log: Logger;
  /** Set by koa-jwt from a verified bearer token. */
  jwt?: unknown;
  grant?: AccessGrant;
  operator?: OperatorKey;
}
