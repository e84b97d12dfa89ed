import { PersonOperator } from '../../domain/people/person-operator.ts';
import type { RolePermissions } from '../../domain/people/role.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import type { Ports } from '../ports/port-catalogue.ts';

/**
 * The person behind a browser session, with their roles as the records say now: the session is
 * live (not ended, not idle past its deadline, not past its age), the person is active. Every
 * request asks again, so a role taken away or an account disabled counts from the next request.
 * A use renews the idle deadline at most once a minute.
 */
export class AuthenticatePerson {
  constructor(
    private readonly ports: Pick<
      Ports,
      'browserSessions' | 'people' | 'personMemberships' | 'organisations' | 'hasher' | 'settings' | 'clock' | 'uow'
    >,
  ) {}

  async execute(sessionId: string): Promise<PersonOperator | null> {
    if (sessionId.length === 0 || sessionId.length > 256) return null;
    const idHash = this.ports.hasher.hash(sessionId);
    const now = this.ports.clock.now();
    const session = await this.ports.browserSessions.get(idHash);
    if (session === null || !session.isLive(now)) return null;
    const person = await this.ports.people.get(session.personId);
    if (person === null || !person.isActive) return null;
    if (session.touch(this.ports.settings.sessionLifetime, now)) await this.ports.uow.run(() => this.ports.browserSessions.save(session));
    const memberships = await this.ports.personMemberships.ofPerson(person.id);
    const tables = new Map<OrganisationId, RolePermissions>();
    for (const { organisationId } of memberships) {
      const organisation = await this.ports.organisations.get(organisationId);
      if (organisation !== null) tables.set(organisationId, organisation.roles);
    }
    return new PersonOperator(person.id, person.displayName, memberships, idHash, tables);
  }
}
