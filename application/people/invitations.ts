import { Invitation } from '../../domain/people/invitation.ts';
import { PersonOperator } from '../../domain/people/person-operator.ts';
import { type RoleName, mayAssignRole } from '../../domain/people/role.ts';
import type { Operator } from '../../domain/operator/operator.ts';
import { OPERATOR_PERMISSIONS } from '../../domain/operator/operator-key.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import { type AccessRefusal, authorise, operatorActor } from '../operator/operator-access.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export const INVITATION_PREFIX = 'cad_inv_';

/** Where an invitation is accepted on the service: the account page, the token in the fragment, which no server or log sees. */
export const invitationPath = (token: string) => `/account/#invitation=${encodeURIComponent(token)}`;

/**
 * Whether the operator may give a role: a person with `roster.manage` gives roles up to their own
 * (only an owner gives owner); a key gives owner or admin only when it holds every permission there
 * (the bootstrap key does: it makes the first owner of an organisation).
 */
export function mayGiveRole(operator: Operator, organisationId: OrganisationId, role: RoleName): boolean {
  if (operator instanceof PersonOperator) {
    const mine = operator.roleIn(organisationId);
    return mine !== null && mayAssignRole(mine, role, operator.rolesOf(organisationId));
  }
  if (role !== 'owner' && role !== 'admin') return true;
  return OPERATOR_PERMISSIONS.every((p) => operator.allows(p, organisationId));
}

/** `POST /admin/organisations/:id/invitations`: a one-time invitation with a role; its address carries the token, shown once. */
export class CreateInvitation {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'invitations' | 'hasher' | 'secrets' | 'writes'>) {}

  execute(input: {
    operator: Operator;
    organisationId: OrganisationId;
    role: RoleName;
  }): Promise<Outcome<{ token: string; invitation: Invitation }, AccessRefusal>> {
    const { operator, organisationId, role } = input;
    return this.ports.writes.run(operatorActor(operator), async (now) => {
      const access = authorise(operator, 'roster.manage', organisationId);
      if (!access.ok) return access;
      if ((await this.ports.organisations.get(organisationId)) === null) return refuse('not_found');
      if (!mayGiveRole(operator, organisationId, role)) return refuse('forbidden');
      const token = this.ports.secrets.secret(INVITATION_PREFIX);
      const invitation = Invitation.issue(
        { tokenHash: this.ports.hasher.hash(token), organisationId, role, invitedBy: operator.label },
        now,
      );
      await this.ports.invitations.save(invitation);
      const details = { role, expiresAt: invitation.expiresAt };
      return audited(
        { token, invitation },
        auditNote(organisationId, 'invitation.created', { type: 'organisation', id: organisationId }, details),
      );
    });
  }
}

/** `GET /auth/invitations/:token`: what the invitation offers, for the page that accepts it; a used, expired or unknown one is not found. */
export class ReadInvitation {
  constructor(private readonly ports: Pick<Ports, 'invitations' | 'organisations' | 'hasher' | 'clock' | 'uow'>) {}

  async execute(token: string): Promise<Outcome<{ organisationName: string; role: RoleName; expiresAt: Date }, 'invalid_invitation'>> {
    const invitation = await this.ports.uow.run(() => this.ports.invitations.getForUpdate(this.ports.hasher.hash(token)));
    if (invitation === null || !invitation.isOpen(this.ports.clock.now())) return refuse('invalid_invitation');
    const organisation = await this.ports.organisations.get(invitation.organisationId);
    if (organisation === null) return refuse('invalid_invitation');
    return accept({ organisationName: organisation.name, role: invitation.role, expiresAt: invitation.expiresAt });
  }
}
