import type { CredentialId, DepartmentId, OrganisationId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';
import { API_SCOPES, BRIDGE_SCOPES, type Scope, isApiScope, isBridgeScope } from './scope.ts';

export const CREDENTIAL_KINDS = ['game', 'generic_api_key'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

export interface CredentialState {
  /** The public `clientId`. */
  readonly id: CredentialId;
  readonly organisationId: OrganisationId;
  readonly kind: CredentialKind;
  /** A `game` credential belongs to exactly one department; an API credential to none. */
  readonly departmentId: DepartmentId | null;
  readonly scopes: readonly Scope[];
  readonly label: string;
  /** Keyed hash of the client secret; the secret itself is shown once and never stored. */
  readonly secretHash: string;
  readonly createdAt: Date;
  readonly rotatedAt: Date | null;
  readonly revokedAt: Date | null;
}

export type CredentialRefusal = 'department_required' | 'department_not_allowed' | 'unknown_scope' | 'no_scopes';

export interface CredentialRequest {
  readonly id: CredentialId;
  readonly organisationId: OrganisationId;
  readonly kind: CredentialKind;
  readonly departmentId: DepartmentId | null;
  readonly label: string;
  readonly scopes: readonly string[];
  /** The admin's select-all: ticks every scope of the kind, one by one. */
  readonly allScopes: boolean;
  readonly secretHash: string;
}

/** A client id and secret that an external system exchanges for short-lived access tokens. */
export class Credential {
  private constructor(private state: CredentialState) {}

  static create(request: CredentialRequest, now: Date): Outcome<Credential, CredentialRefusal> {
    const { kind, departmentId } = request;
    if (kind === 'game' && departmentId === null) return refuse('department_required');
    if (kind === 'generic_api_key' && departmentId !== null) return refuse('department_not_allowed');
    const catalogue: readonly Scope[] = kind === 'game' ? BRIDGE_SCOPES : API_SCOPES;
    const belongs = kind === 'game' ? isBridgeScope : isApiScope;
    const wanted = request.allScopes ? catalogue : request.scopes;
    if (!wanted.every(belongs)) return refuse('unknown_scope');
    const scopes = catalogue.filter((scope) => wanted.includes(scope));
    if (kind === 'generic_api_key' && scopes.length === 0) return refuse('no_scopes');
    return accept(
      new Credential({
        id: request.id,
        organisationId: request.organisationId,
        kind,
        departmentId,
        scopes,
        label: request.label,
        secretHash: request.secretHash,
        createdAt: now,
        rotatedAt: null,
        revokedAt: null,
      }),
    );
  }

  static restore(state: CredentialState): Credential {
    return new Credential(state);
  }

  get id(): CredentialId {
    return this.state.id;
  }
  get organisationId(): OrganisationId {
    return this.state.organisationId;
  }
  get kind(): CredentialKind {
    return this.state.kind;
  }
  get secretHash(): string {
    return this.state.secretHash;
  }
  get isRevoked(): boolean {
    return this.state.revokedAt !== null;
  }

  /** A new secret replaces the old one at once; tokens already issued live out their time. */
  rotate(secretHash: string, now: Date): void {
    this.state = { ...this.state, secretHash, rotatedAt: now };
  }

  /** Revocation is passive: it stops new exchanges, not tokens already issued. */
  revoke(now: Date): void {
    if (this.state.revokedAt === null) this.state = { ...this.state, revokedAt: now };
  }

  snapshot(): CredentialState {
    return this.state;
  }
}
