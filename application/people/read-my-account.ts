import type { PersonOperator } from '../../domain/people/person-operator.ts';
import type { RoleName } from '../../domain/people/role.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { hasAuthenticator } from './two-step-sign-in.ts';

export interface MyAccount {
  readonly personId: string;
  readonly displayName: string;
  readonly username: string | null;
  /** Whether sign-in asks for an authenticator's code after the password. */
  readonly authenticator: boolean;
  readonly organisations: ReadonlyArray<{ organisationId: OrganisationId; name: string; role: RoleName }>;
  readonly sessions: ReadonlyArray<{ current: boolean; createdAt: Date; lastSeenAt: Date; userAgent: string }>;
}

/** `GET /account`: the signed-in person's profile, organisations with roles, and open sessions. */
export class ReadMyAccount {
  constructor(
    private readonly ports: Pick<
      Ports,
      'people' | 'personMemberships' | 'organisations' | 'browserSessions' | 'clock' | 'signInMethods' | 'sealer' | 'otp'
    >,
  ) {}

  async execute(input: { person: PersonOperator }): Promise<Outcome<MyAccount, never>> {
    const { personId, sessionIdHash } = input.person;
    const person = (await this.ports.people.get(personId))!;
    const organisations = [];
    for (const m of await this.ports.personMemberships.ofPerson(personId)) {
      const organisation = await this.ports.organisations.get(m.organisationId);
      if (organisation !== null) organisations.push({ organisationId: m.organisationId, name: organisation.name, role: m.role });
    }
    const now = this.ports.clock.now();
    const sessions = (await this.ports.browserSessions.openOf(personId))
      .filter((s) => s.isLive(now))
      .map((s) => {
        const { idHash, createdAt, lastSeenAt, userAgent } = s.snapshot();
        return { current: idHash === sessionIdHash, createdAt, lastSeenAt, userAgent };
      });
    const { displayName, username } = person.snapshot();
    const authenticator = await hasAuthenticator(this.ports, personId);
    return accept({ personId, displayName, username, authenticator, organisations, sessions });
  }
}
