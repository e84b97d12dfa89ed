import type { CredentialId, DepartmentId, OrganisationId } from '../shared/ids.ts';
import type { CredentialKind, CredentialState } from './credential.ts';
import type { Scope } from './scope.ts';

/** What an access token says about its bearer; every authenticated request acts with one. */
export interface AccessGrant {
  readonly credentialId: CredentialId;
  readonly organisationId: OrganisationId;
  readonly kind: CredentialKind;
  readonly departmentId: DepartmentId | null;
  readonly scopes: readonly Scope[];
  readonly label: string;
}

export function grantOf(credential: CredentialState): AccessGrant {
  const { id, organisationId, kind, departmentId, scopes, label } = credential;
  return { credentialId: id, organisationId, kind, departmentId, scopes, label };
}

export function holdsScope(grant: AccessGrant, scope: Scope): boolean {
  return grant.scopes.includes(scope);
}
