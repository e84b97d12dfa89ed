import type { OperatorSelf } from '../../../application/operator/describe-operator-key.ts';
import { OPERATOR_PERMISSIONS, type OperatorKey } from '../../../domain/operator/operator-key.ts';
import { PersonOperator } from '../../../domain/people/person-operator.ts';

/** An operator key as its organisation sees it: never the key, nor its hash. */
export function operatorKeyView(key: OperatorKey) {
  const { id, organisationId, label, permissions, createdAt, revokedAt } = key.snapshot();
  return {
    operatorKeyId: id,
    organisationId,
    label,
    permissions,
    status: revokedAt === null ? 'active' : 'revoked',
    createdAt: createdAt.toISOString(),
    revokedAt: revokedAt?.toISOString() ?? null,
  };
}

/** A key just issued: the key itself, shown this once, with what identifies it. */
export function issuedOperatorKeyView({ key, operatorKey }: { key: string; operatorKey: OperatorKey }) {
  const { id, label, permissions, organisationId } = operatorKey.snapshot();
  return { key, operatorKeyId: id, organisationId, label, permissions };
}

/** The calling key as it sees itself: what it may do, whether it is the bootstrap key, and its organisation's name. */
export function operatorSelfView({ operator, organisationName }: OperatorSelf) {
  const organisationId = operator.homeOrganisationId;
  const permissions = operator.isBootstrap ? OPERATOR_PERMISSIONS : organisationId === null ? [] : operator.permissionsIn(organisationId);
  const person = operator instanceof PersonOperator ? operator : null;
  return {
    operatorKeyId: person === null ? operator.id : null,
    personId: person?.personId ?? null,
    role: person !== null && organisationId !== null ? person.roleIn(organisationId) : null,
    organisationId,
    organisationName,
    label: operator.label,
    permissions,
    bootstrap: operator.isBootstrap,
  };
}
