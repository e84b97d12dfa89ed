import type { Operator } from '../../domain/operator/operator.ts';
import type { OperatorPermission } from '../../domain/operator/operator-key.ts';
import { ROLE_NAMES, type RoleName, type RolePermissions } from '../../domain/people/role.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import { type AccessRefusal, authorise, operatorActor } from '../operator/operator-access.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export interface RoleView {
  readonly role: RoleName;
  readonly permissions: readonly OperatorPermission[];
  /** The owner's set is every permission, always. */
  readonly editable: boolean;
}

const rolesView = (roles: RolePermissions): RoleView[] =>
  ROLE_NAMES.map((role) => ({ role, permissions: roles[role], editable: role !== 'owner' }));

/** `GET /admin/organisations/:id/roles`: what each role may do there, from most to least. */
export class ListRoles {
  constructor(private readonly ports: Pick<Ports, 'organisations'>) {}

  async execute(input: { operator: Operator; organisationId: OrganisationId }): Promise<Outcome<RoleView[], AccessRefusal>> {
    const access = authorise(input.operator, 'roster.manage', input.organisationId);
    if (!access.ok) return access;
    const organisation = await this.ports.organisations.get(input.organisationId);
    return organisation === null ? refuse('not_found') : accept(rolesView(organisation.roles));
  }
}

/**
 * `PATCH /admin/organisations/:id/roles`: a role's set of permissions in this organisation. It
 * needs `organisation.settings.manage`, gives only permissions the operator holds there itself (no
 * one hands out more than they have), and never touches the owner's. Every person of that role
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
      const before = operator.permissionsIn(organisationId);
      const organisation = await this.ports.organisations.getForUpdate(organisationId);
      if (organisation === null) return refuse('not_found');
      const had = organisation.roles[role];
      // What changes (given or taken away) must be permissions the operator holds here itself.
      const changed = [...new Set([...had.filter((p) => !permissions.includes(p)), ...permissions.filter((p) => !had.includes(p))])];
      if (changed.some((p) => !before.includes(p))) return refuse('forbidden');
      if (changed.length === 0) return unchanged(rolesView(organisation.roles));
      organisation.setRolePermissions(role, permissions);
      await this.ports.organisations.save(organisation);
      const details = { role, permissions: { from: had, to: organisation.roles[role] } };
      return audited(
        rolesView(organisation.roles),
        auditNote(organisationId, 'role.changed', { type: 'organisation', id: organisationId }, details),
      );
    });
  }
}
