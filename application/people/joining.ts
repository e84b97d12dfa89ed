import type { Invitation } from '../../domain/people/invitation.ts';
import type { PersonOperator } from '../../domain/people/person-operator.ts';
import { type JoinRule, NEWCOMER_ROLE, newcomerStatus } from '../../domain/people/join-rule.ts';
import type { RoleName } from '../../domain/people/role.ts';
import type { OrganisationId, PersonId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import { endSessions, openSession } from './person-sessions.ts';
import type { SignedIn } from './sign-in-with-password.ts';
import type { Ports } from '../ports/port-catalogue.ts';

/** How a new account asks to enter an organisation: with an invitation's token, or by the organisation's join rule. */
export type WayIn = { readonly invitationToken: string } | { readonly organisationId: OrganisationId };

/** Where a new account goes, in which role, and whether it may act at once or waits for approval. */
export interface Entry {
  readonly organisationId: OrganisationId;
  readonly role: RoleName;
  readonly status: 'active' | 'pending';
  /** The invitation that let it in, accepted: the caller saves it once the person it names is saved. Null: the join rule did. */
  readonly invitation: Invitation | null;
}

/** `invalid_invitation`: used, expired or unknown; `joining_closed`: the organisation admits only invited people (or is unknown: one answer). */
export type EntryRefusal = 'invalid_invitation' | 'joining_closed';

/**
 * Inside the unit of work that creates the account: an invitation is accepted (it admits, active, in
 * its role, whatever the rule); without one, the organisation's join rule decides: `open` admits
 * at once, `approval` lists the person as pending, `invitation` admits nobody. A newcomer by the
 * rule is a civilian until an admin says otherwise.
 */
export async function enterOrganisation(
  ports: Pick<Ports, 'invitations' | 'organisations' | 'hasher'>,
  way: WayIn,
  personId: PersonId,
  now: Date,
): Promise<Outcome<Entry, EntryRefusal>> {
  if ('invitationToken' in way) {
    const invitation = await ports.invitations.getForUpdate(ports.hasher.hash(way.invitationToken));
    if (invitation === null || !invitation.accept(personId, now).ok) return refuse('invalid_invitation');
    return accept({ organisationId: invitation.organisationId, role: invitation.role, status: 'active', invitation });
  }
  const organisation = await ports.organisations.get(way.organisationId);
  const status = organisation === null ? null : newcomerStatus(organisation.settings.joinRule);
  if (organisation === null || status === null) return refuse('joining_closed');
  return accept({ organisationId: organisation.id, role: NEWCOMER_ROLE, status, invitation: null });
}

/** What the sign-in page may say of an organisation before anyone signs in: its name and how people join it. */
export class ReadJoinRule {
  constructor(private readonly ports: Pick<Ports, 'organisations'>) {}

  async execute(organisationId: OrganisationId): Promise<Outcome<{ name: string; joinRule: JoinRule }, 'not_found'>> {
    const organisation = await this.ports.organisations.get(organisationId);
    // An organisation that admits only invited people is not described to strangers: it answers as an unknown one.
    if (organisation === null || organisation.settings.joinRule === 'invitation') return refuse('not_found');
    return accept({ name: organisation.name, joinRule: organisation.settings.joinRule });
  }
}

/**
 * `POST /account/invitations`: a signed-in person takes an invitation to one more organisation:
 * a member there in its role, the invitation spent. New rights, new session: every session of the
 * person ends, and this browser gets a new one. One who is a member there already keeps their
 * role, and the invitation stays unspent for someone else.
 */
export class AcceptInvitation {
  constructor(
    private readonly ports: Pick<
      Ports,
      'invitations' | 'organisations' | 'personMemberships' | 'browserSessions' | 'hasher' | 'secrets' | 'settings' | 'writes'
    >,
  ) {}

  execute(input: {
    person: PersonOperator;
    invitationToken: string;
    userAgent: string;
  }): Promise<
    Outcome<
      { joined: { organisationId: OrganisationId; name: string; role: RoleName }; signedIn: SignedIn },
      'invalid_invitation' | 'already_member'
    >
  > {
    const { person } = input;
    return this.ports.writes.run({ kind: 'person', id: person.personId, label: person.displayName }, async (now) => {
      const invitation = await this.ports.invitations.getForUpdate(this.ports.hasher.hash(input.invitationToken));
      if (invitation === null || !invitation.isOpen(now)) return refuse('invalid_invitation');
      const organisation = await this.ports.organisations.get(invitation.organisationId);
      if (organisation === null) return refuse('invalid_invitation');
      const memberships = await this.ports.personMemberships.ofPerson(person.personId);
      if (memberships.some((m) => m.organisationId === organisation.id)) return refuse('already_member');
      invitation.accept(person.personId, now);
      await this.ports.invitations.save(invitation);
      const { role } = invitation;
      await this.ports.personMemberships.save({ personId: person.personId, organisationId: organisation.id, role, since: now });
      await endSessions(this.ports, person.personId, now);
      const { sessionId, session } = await openSession(this.ports, person.personId, input.userAgent, now);
      const signedIn = { sessionId, personId: person.personId, displayName: person.displayName, expiresAt: session.snapshot().expiresAt };
      const joined = { organisationId: organisation.id, name: organisation.name, role };
      return audited(
        { joined, signedIn },
        {
          organisationId: organisation.id,
          action: 'person.joined',
          subject: { type: 'person', id: person.personId },
          playerCharacterId: null,
          details: { role, displayName: person.displayName, invited: true },
        },
      );
    });
  }
}
