import type { Operator } from '../operator/operator.ts';
import { type OperatorKey, type OperatorPermission, grants } from '../operator/operator-key.ts';
import type { OrganisationId, PersonId } from '../shared/ids.ts';
import type { PersonMembership } from './person-membership.ts';
import { DEFAULT_ROLE_PERMISSIONS, type RoleName, type RolePermissions } from './role.ts';

/**
 * A signed-in person acting on the operator surface, with the roles their memberships give them
 * now: built from current records on every request, so a role taken away counts at the next one.
 */
export class PersonOperator implements Operator {
  readonly actorKind = 'person' as const;
  readonly isBootstrap = false;
  private readonly roles: ReadonlyMap<OrganisationId, RoleName>;

  constructor(
    readonly personId: PersonId,
    readonly displayName: string,
    memberships: readonly PersonMembership[],
    /** The keyed hash of the browser session it came with (sign-out ends that one). */
    readonly sessionIdHash: string,
    /** Each organisation's roles as it set them now; an organisation not given has the defaults. */
    private readonly roleTables: ReadonlyMap<OrganisationId, RolePermissions> = new Map(),
  ) {
    this.roles = new Map(memberships.map((m) => [m.organisationId, m.role]));
  }

  /** What each role may do in the organisation, as it set them. */
  rolesOf(organisationId: OrganisationId): RolePermissions {
    return this.roleTables.get(organisationId) ?? DEFAULT_ROLE_PERMISSIONS;
  }

  get id(): string {
    return this.personId;
  }
  get label(): string {
    return this.displayName;
  }
  get homeOrganisationId(): OrganisationId | null {
    return this.roles.keys().next().value ?? null;
  }

  roleIn(organisationId: OrganisationId): RoleName | null {
    return this.roles.get(organisationId) ?? null;
  }

  rights(): readonly string[] {
    return [...this.roles].map(([organisationId, role]) => `${organisationId}:${role}`).sort();
  }

  reaches(organisationId: OrganisationId): boolean {
    return this.roles.has(organisationId);
  }

  permissionsIn(organisationId: OrganisationId): readonly OperatorPermission[] {
    const role = this.roles.get(organisationId);
    return role === undefined ? [] : this.rolesOf(organisationId)[role];
  }

  allows(permission: OperatorPermission, organisationId: OrganisationId): boolean {
    return grants(this.permissionsIn(organisationId), permission);
  }

  covers(key: OperatorKey): boolean {
    const organisationId = key.organisationId;
    if (organisationId === null) return false;
    return key.snapshot().permissions.every((p) => this.allows(p, organisationId));
  }
}
