import type { OperatorKeyId, OrganisationId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';
import type { Operator } from './operator.ts';

/** What an organisation's operator keys may be given. */
export const OPERATOR_PERMISSIONS = [
  'organisation.settings.manage',
  'integrations.credential.manage',
  'roster.manage',
  'records.manage',
  'dispatch.manage',
  'dispatch.view',
  'audit.view',
] as const;
export type OperatorPermission = (typeof OPERATOR_PERMISSIONS)[number];

/**
 * Whether permissions held grant the one wanted: each grants itself, and `dispatch.manage` also
 * grants `dispatch.view` (who may act on the board may watch it).
 */
export function grants(held: readonly OperatorPermission[], wanted: OperatorPermission): boolean {
  return held.includes(wanted) || (wanted === 'dispatch.view' && held.includes('dispatch.manage'));
}

export interface OperatorKeyState {
  readonly id: OperatorKeyId;
  /** Null only for the bootstrap key, which spans organisations. */
  readonly organisationId: OrganisationId | null;
  readonly label: string;
  readonly permissions: readonly OperatorPermission[];
  readonly keyHash: string;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
}

/** The key a community operator (or the platform's own bootstrap) uses on the operator surface. */
export class OperatorKey implements Operator {
  readonly actorKind = 'operator' as const;

  private constructor(private state: OperatorKeyState) {}

  static bootstrap(id: OperatorKeyId, keyHash: string, now: Date): OperatorKey {
    return new OperatorKey({
      id,
      organisationId: null,
      label: 'bootstrap',
      permissions: OPERATOR_PERMISSIONS,
      keyHash,
      createdAt: now,
      revokedAt: null,
    });
  }

  static forOrganisation(
    input: {
      id: OperatorKeyId;
      organisationId: OrganisationId;
      label: string;
      permissions: readonly OperatorPermission[];
      keyHash: string;
    },
    now: Date,
  ): OperatorKey {
    const permissions = OPERATOR_PERMISSIONS.filter((p) => input.permissions.includes(p));
    return new OperatorKey({ ...input, permissions, createdAt: now, revokedAt: null });
  }

  static restore(state: OperatorKeyState): OperatorKey {
    return new OperatorKey(state);
  }

  get id(): OperatorKeyId {
    return this.state.id;
  }
  get label(): string {
    return this.state.label;
  }
  get isBootstrap(): boolean {
    return this.state.organisationId === null;
  }
  get isRevoked(): boolean {
    return this.state.revokedAt !== null;
  }
  get organisationId(): OrganisationId | null {
    return this.state.organisationId;
  }
  get homeOrganisationId(): OrganisationId | null {
    return this.state.organisationId;
  }

  rights(): readonly string[] {
    return [this.state.organisationId ?? '*', ...[...this.state.permissions].sort()];
  }

  permissionsIn(organisationId: OrganisationId): readonly OperatorPermission[] {
    return this.reaches(organisationId) ? this.state.permissions : [];
  }

  /** Whether the key can see the organisation at all; outside it, things do not exist. */
  reaches(organisationId: OrganisationId): boolean {
    return this.isBootstrap || this.state.organisationId === organisationId;
  }

  allows(permission: OperatorPermission, organisationId: OrganisationId): boolean {
    return this.reaches(organisationId) && grants(this.state.permissions, permission);
  }

  /** Whether this key holds every permission of the other: a key manages no key stronger than itself. */
  covers(other: OperatorKey): boolean {
    return this.isBootstrap || other.state.permissions.every((p) => this.state.permissions.includes(p));
  }

  /** A revoked key authenticates nothing; the bootstrap key is replaced, never revoked. */
  revoke(now: Date): Outcome<null, 'bootstrap_key'> {
    if (this.isBootstrap) return refuse('bootstrap_key');
    if (this.state.revokedAt === null) this.state = { ...this.state, revokedAt: now };
    return accept(null);
  }

  snapshot(): OperatorKeyState {
    return this.state;
  }
}
