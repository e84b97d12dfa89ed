import type { AuditActor } from '../../domain/audit/audit-entry.ts';
import type { OperatorKey, OperatorPermission } from '../../domain/operator/operator-key.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';

export type AccessRefusal = 'not_found' | 'forbidden';

/**
 * An operator key outside the organisation sees nothing there (`not_found`, as if it did not
 * exist); inside it, a missing permission is `forbidden`.
 */
export function authorise(
  operator: OperatorKey,
  permission: OperatorPermission,
  organisationId: OrganisationId,
): Outcome<null, AccessRefusal> {
  if (!operator.reaches(organisationId)) return refuse('not_found');
  if (!operator.allows(permission, organisationId)) return refuse('forbidden');
  return accept(null);
}

export function operatorActor(operator: OperatorKey): AuditActor {
  return { kind: 'operator', id: operator.id, label: operator.label };
}
