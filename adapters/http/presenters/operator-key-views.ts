import type { OperatorSelf } from '../../../application/operator/describe-operator-key.ts';
import type { OperatorKey } from '../../../domain/operator/operator-key.ts';

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
export function operatorSelfView({ key, organisationName }: OperatorSelf) {
  const { id, organisationId, label, permissions } = key.snapshot();
  return { operatorKeyId: id, organisationId, organisationName, label, permissions, bootstrap: key.isBootstrap };
}
