import type { MdtOfficer } from '../../application/mdt/mdt-officer.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { OperatorKey } from '../../domain/operator/operator-key.ts';

/** What the middleware chain learns about a request, in `ctx.state`. */
export interface HttpState {
  requestId: string;
  /** Set by koa-jwt from a verified bearer token, or from the same token verified before. */
  jwt?: unknown;
  /** The bearer token was verified by an earlier request (`VerifiedTokens`). */
  tokenKnown?: boolean;
  grant?: AccessGrant;
  operator?: OperatorKey;
  /** Set on MDT routes: the officer behind the session, as the records stand now. */
  mdt?: MdtOfficer;
}
