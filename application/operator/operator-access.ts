import type { AuditActor } from '../../domain/audit/audit-entry.ts';
import type { OperatorKey, OperatorPermission } from '../../domain/operator/operator-key.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';

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

/**
 * A read of something that belongs to an organisation: outside the operator's reach, or for an
 * organisation that does not exist, it is `not_found`; without the permission, `forbidden`.
 */
export async function readInOrganisation<T>(
  organisations: OrganisationRepository,
  operator: OperatorKey,
  permission: OperatorPermission,
  organisationId: OrganisationId,
  read: () => Promise<T>,
): Promise<Outcome<T, AccessRefusal>> {
  const access = authorise(operator, permission, organisationId);
  if (!access.ok) return access;
  if ((await organisations.get(organisationId)) === null) return refuse('not_found');
  return accept(await read());
}
