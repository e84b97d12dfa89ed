import type { Operator } from '../../domain/operator/operator.ts';
import type { Call } from '../../domain/call/call.ts';
import type { CallId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { CallRepository } from '../ports/call-repository.ts';
import { type AccessRefusal, authorise } from '../operator/operator-access.ts';

/**
 * Inside a unit of work: the call, locked, if the operator may dispatch in its organisation. A
 * call outside the key's reach is `not_found`, as if it did not exist. Calls are always locked
 * before units, the order every call write follows.
 */
export async function lockCallForDispatch(
  calls: CallRepository,
  operator: Operator,
  callId: CallId,
): Promise<Outcome<Call, AccessRefusal>> {
  const call = await calls.getForUpdate(callId);
  if (call === null) return refuse('not_found');
  const access = authorise(operator, 'dispatch.manage', call.snapshot().organisationId);
  if (!access.ok) return access;
  return accept(call);
}
