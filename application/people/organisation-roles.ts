import type { Operator } from '../../domain/operator/operator.ts';
import type { OperatorPermission } from '../../domain/operator/operator-key.ts';
import { PersonOperator } from '../../domain/people/person-operator.ts';
import { ROLE_NAMES, type RoleName, type RolePermissions, mayEditRole } from '../../domain/people/role.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import { type AccessRefusal, authorise, operatorActor } from '../operator/operator-access.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export interface RoleView {
  readonly role: RoleName;
  readonly permissions: readonly OperatorPermission[];
  /** Whether the operator asking may change it: the owner's set is every permission, always; a person changes only roles below their own. */
  readonly editable: boolean;
}

/**
 * Whether the operator may change the role's set: never the owner's; a person only a role below
 * their own there (decision 0154); a key any other, within the permissions it holds.
 */
function editableBy(operator: Operator, organisationId: OrganisationId, role: RoleName): boolean {
  if (role === 'owner') return false;
  if (!(operator instanceof PersonOperator)) return true;
  const mine = operator.roleIn(organisationId);
  return mine !== null && mayEditRole(mine, role);
}

const rolesView = (roles: RolePermissions, operator: Operator, organisationId: OrganisationId): RoleView[] =>
  ROLE_NAMES.map((role) => ({ role, permissions: roles[role], editable: editableBy(operator, organisationId, role) }));

/** `GET /admin/organisations/:id/roles`: what each role may do there, from most to least. */
export class ListRoles {
  constructor(private readonly ports: Pick<Ports, 'organisations'>) {}

  async execute(input: { operator: Operator; organisationId: OrganisationId }): Promise<Outcome<RoleView[], AccessRefusal>> {
    const access = authorise(input.operator, 'roster.manage', input.organisationId);
    if (!access.ok) return access;
    const organisation = await this.ports.organisations.get(input.organisationId);
    return organisation === null ? refuse('not_found') : accept(rolesView(organisation.roles, input.operator, input.organisationId));
  }
}

/**
 * `PATCH /admin/organisations/:id/roles`: a role's set of permissions in this organisation. It
 * needs `organisation.settings.manage`, gives only permissions the operator holds there itself (no
 * one hands out more than they have), never touches the owner's, and a person changes only roles
 * below their own (decision 0154). Every person of that role
 * holds the new set from their next request, on every screen and channel.
 */
export class ChangeRolePermissions {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'writes'>) {}

  execute(input: {
    operator: Operator;
    organisationId: OrganisationId;
    role: RoleName;
    permissions: readonly OperatorPermission[];
  }): Promise<Outcome<RoleView[], AccessRefusal | 'owner_fixed'>> {
    const { operator, organisationId, role, permissions } = input;
    return this.ports.writes.run(operatorActor(operator), async () => {
      const access = authorise(operator, 'organisation.settings.manage', organisationId);
      if (!access.ok) return access;
      if (role === 'owner') return refuse('owner_fixed');
      if (!editableBy(operator, organisationId, role)) return refuse('forbidden');
      const before = operator.permissionsIn(organisationId);
      const organisation = await this.ports.organisations.getForUpdate(organisationId);
      if (organisation === null) return refuse('not_found');
      const had = organisation.roles[role];
      // What changes (given or taken away) must be permissions the operator holds here itself.
      const changed = [...new Set([...had.filter((p) => !permissions.includes(p)), ...permissions.filter((p) => !had.includes(p))])];
      if (changed.some((p) => !before.includes(p))) return refuse('forbidden');
      if (changed.length === 0) return unchanged(rolesView(organisation.roles, operator, organisationId));
      organisation.setRolePermissions(role, permissions);
      await this.ports.organisations.save(organisation);
      const details = { role, permissions: { from: had, to: organisation.roles[role] } };
      return audited(
        rolesView(organisation.roles, operator, organisationId),
        auditNote(organisationId, 'role.changed', { type: 'organisation', id: organisationId }, details),
      );
    });
  }
}
