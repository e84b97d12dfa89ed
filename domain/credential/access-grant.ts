import type { CredentialId, DepartmentId, OrganisationId } from '../shared/ids.ts';
import type { CredentialState } from './credential.ts';
import type { Scope } from './scope.ts';

interface GrantFacts {
  readonly credentialId: CredentialId;
  readonly organisationId: OrganisationId;
  readonly scopes: readonly Scope[];
  readonly label: string;
}

/** A game-bridge credential's grant: it always belongs to one department. */
export interface GameGrant extends GrantFacts {
  readonly kind: 'game';
  readonly departmentId: DepartmentId;
}

/** An API credential's grant: organisation-wide, no department. */
export interface ApiGrant extends GrantFacts {
  readonly kind: 'generic_api_key';
  readonly departmentId: null;
}

/** What an access token says about its bearer; every authenticated request acts with one. */
export type AccessGrant = GameGrant | ApiGrant;

/** The grant of a credential; null for a game credential without a department (never stored). */
export function grantOf(credential: CredentialState): AccessGrant | null {
  const { id, organisationId, kind, departmentId, scopes, label } = credential;
  const facts = { credentialId: id, organisationId, scopes, label };
  if (kind === 'game') return departmentId === null ? null : { ...facts, kind, departmentId };
  return departmentId === null ? { ...facts, kind, departmentId } : null;
}

export function holdsScope(grant: AccessGrant, scope: Scope): boolean {
  return grant.scopes.includes(scope);
}
