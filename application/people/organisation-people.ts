import type { Operator } from '../../domain/operator/operator.ts';
import type { PersonStatus } from '../../domain/people/person.ts';
import type { RoleName } from '../../domain/people/role.ts';
import type { OrganisationId, PersonId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import { type AccessRefusal, authorise, operatorActor, readInOrganisation } from '../operator/operator-access.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { mayGiveRole } from './invitations.ts';
import { endSessions } from './person-sessions.ts';

export interface OrganisationPerson {
  readonly personId: PersonId;
  readonly displayName: string;
  readonly status: PersonStatus;
  readonly role: RoleName;
  readonly since: Date;
}

/** `GET /admin/organisations/:id/people`: the organisation's people with their roles, in the order they joined. */
export class ListPeople {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'personMemberships' | 'people'>) {}

  execute(input: { operator: Operator; organisationId: OrganisationId }): Promise<Outcome<OrganisationPerson[], AccessRefusal>> {
    return readInOrganisation(this.ports.organisations, input.operator, 'roster.manage', input.organisationId, async () => {
      const listed: OrganisationPerson[] = [];
      for (const m of await this.ports.personMemberships.ofOrganisation(input.organisationId)) {
        const person = await this.ports.people.get(m.personId);
        if (person !== null)
          listed.push({ personId: m.personId, displayName: person.displayName, status: person.status, role: m.role, since: m.since });
      }
      return listed;
    });
  }
}

/**
 * `PATCH /admin/organisations/:id/people/:personId`: a person's role there, and whether their
 * account is active. The change counts from the person's next request on every screen.
 * Nobody gives a role above their own, only owners touch owners, and nobody changes themselves.
 * The account's status reaches every organisation the person belongs to, so only an account of
 * this organisation alone is disabled from here (nothing crosses organisations); the bootstrap key
 * disables any. A change ends the person's browser sessions: they sign in again, with a new id.
 */
export class ChangePersonRole {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'personMemberships' | 'people' | 'browserSessions' | 'writes'>) {}

  execute(input: {
    operator: Operator;
    organisationId: OrganisationId;
    personId: PersonId;
    role?: RoleName;
    status?: 'active' | 'disabled';
  }): Promise<Outcome<OrganisationPerson, AccessRefusal>> {
    const { operator, organisationId, personId } = input;
    return this.ports.writes.run(operatorActor(operator), async (now) => {
      const access = authorise(operator, 'roster.manage', organisationId);
      if (!access.ok) return access;
      // The person's own memberships: few, where the organisation's may be hundreds; they also say whether the account is others' too.
      const memberships = await this.ports.personMemberships.ofPerson(personId);
      const membership = memberships.find((m) => m.organisationId === organisationId);
      const person = await this.ports.people.get(personId);
      if (membership === undefined || person === null) return refuse('not_found');
      if (operator.id === personId || !mayGiveRole(operator, organisationId, membership.role)) return refuse('forbidden');
      const role = input.role ?? membership.role;
      if (!mayGiveRole(operator, organisationId, role)) return refuse('forbidden');
      const before = person.status;
      const status = input.status ?? before;
      // An account is the person's everywhere: one organisation disables (or enables) only an account
      // that belongs to it alone; an account of several is the installation's (the bootstrap key).
      if (status !== before && !operator.isBootstrap && memberships.some((m) => m.organisationId !== organisationId))
        return refuse('forbidden');
      const after = { personId, displayName: person.displayName, status, role, since: membership.since };
      if (role === membership.role && status === before) return unchanged(after);
      await this.ports.personMemberships.save({ ...membership, role });
      person.setStatus(status, now);
      await this.ports.people.save(person);
      // New rights, new session ids: the person signs in again (their rights are judged from the records either way).
      await endSessions(this.ports, personId, now);
      const details = { role: { from: membership.role, to: role }, status: { from: before, to: status } };
      return audited(after, auditNote(organisationId, 'person.changed', { type: 'person', id: personId }, details));
    });
  }
}
