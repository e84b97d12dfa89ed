import { Credential, type CredentialKind } from '../../../domain/credential/credential.ts';
import type { Scope } from '../../../domain/credential/scope.ts';
import { OperatorKey, type OperatorPermission } from '../../../domain/operator/operator-key.ts';
import type { CredentialId, DepartmentId, OperatorKeyId, OrganisationId } from '../../../domain/shared/ids.ts';
import type { CredentialRecord, OperatorKeyRecord } from '../records/credential-records.ts';

export function credentialFromRecord(r: CredentialRecord): Credential {
  return Credential.restore({
    id: r.id as CredentialId,
    organisationId: r.organisationId as OrganisationId,
    kind: r.kind as CredentialKind,
    departmentId: (r.departmentId ?? null) as DepartmentId | null,
    scopes: r.scopes as Scope[],
    label: r.label,
    secretHash: r.secretHash,
    createdAt: r.createdAt,
    rotatedAt: r.rotatedAt ?? null,
    revokedAt: r.revokedAt ?? null,
  });
}

export function credentialToRecord(credential: Credential) {
  const state = credential.snapshot();
  return { ...state, scopes: [...state.scopes] };
}

export function operatorKeyFromRecord(r: OperatorKeyRecord): OperatorKey {
  return OperatorKey.restore({
    id: r.id as OperatorKeyId,
    organisationId: (r.organisationId ?? null) as OrganisationId | null,
    label: r.label,
    permissions: r.permissions as OperatorPermission[],
    keyHash: r.keyHash,
    createdAt: r.createdAt,
    revokedAt: r.revokedAt ?? null,
  });
}

export function operatorKeyToRecord(key: OperatorKey) {
  const state = key.snapshot();
  return { ...state, permissions: [...state.permissions] };
}
