import type { Operator } from '../../domain/operator/operator.ts';
import type { PersonOperator } from '../../domain/people/person-operator.ts';
import type { MdtOfficer } from '../../application/mdt/mdt-officer.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';

/** What the pipeline's stages learn about a request, in `exchange.state`. */
export interface HttpState {
  requestId: string;
  grant?: AccessGrant;
  operator?: Operator;
  /** Set on person routes, and on operator routes a person called with their session. */
  person?: PersonOperator;
  /** Set on MDT routes: the officer behind the session, as the records stand now. */
  mdt?: MdtOfficer;
}
