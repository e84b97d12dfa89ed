import type { Operator } from '../../domain/operator/operator.ts';
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
  operator: Operator,
  permission: OperatorPermission,
  organisationId: OrganisationId,
): Outcome<null, AccessRefusal> {
  if (!operator.reaches(organisationId)) return refuse('not_found');
  if (!operator.allows(permission, organisationId)) return refuse('forbidden');
  return accept(null);
}

export function operatorActor(operator: Operator): AuditActor {
  return { kind: operator.actorKind, id: operator.id, label: operator.label };
}

/**
 * A read of something that belongs to an organisation: outside the operator's reach, or for an
 * organisation that does not exist, it is `not_found`; without the permission, `forbidden`.
 */
export async function readInOrganisation<T>(
  organisations: OrganisationRepository,
  operator: Operator,
  permission: OperatorPermission,
  organisationId: OrganisationId,
  read: () => Promise<T>,
): Promise<Outcome<T, AccessRefusal>> {
  const access = authorise(operator, permission, organisationId);
  if (!access.ok) return access;
  if ((await organisations.get(organisationId)) === null) return refuse('not_found');
  return accept(await read());
}

/**
 * A record the operator named by id, if the key may act on it: missing, or outside the key's
 * reach, it is `not_found` (as if it did not exist); without the permission, `forbidden`.
 */
export function withinReach<Owned extends { readonly organisationId: OrganisationId | null }>(
  operator: Operator,
  permission: OperatorPermission,
  record: Owned | null,
): Outcome<Owned, AccessRefusal> {
  // The bootstrap key belongs to no organisation: no organisation's key reaches it.
  if (record === null || record.organisationId === null) return refuse('not_found');
  const access = authorise(operator, permission, record.organisationId);
  return access.ok ? accept(record) : access;
}

/**
 * An organisation's operator key that `operator` may manage: within its reach under
 * `organisation.settings.manage`, and no stronger than itself (itself included), so that a leaked
 * weak key cannot lock out the organisation's admins.
 */
export function manageableKey(operator: Operator, key: OperatorKey | null): Outcome<OperatorKey, AccessRefusal> {
  const reached = withinReach(operator, 'organisation.settings.manage', key);
  if (!reached.ok) return reached;
  return operator.covers(reached.value) ? reached : refuse('forbidden');
}
