import { Person, type NameRefusal, normaliseDisplayName, normaliseUsername } from '../../domain/people/person.ts';
import { judgeNewPassword, type PasswordRefusal } from '../../domain/people/password-policy.ts';
import type { PersonId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { type EntryRefusal, type WayIn, enterOrganisation } from './joining.ts';
import { openSession } from './person-sessions.ts';
import type { SignedIn } from './sign-in-with-password.ts';

export interface SignUpInput {
  readonly way: WayIn;
  readonly displayName: string;
  readonly username: string;
  readonly password: string;
  readonly userAgent: string;
}

export type SignUpRefusal = NameRefusal | PasswordRefusal | EntryRefusal | 'username_taken';

/** A new account that waits for the organisation's approval: made, listed there, and not signed in. */
export interface AwaitingApproval {
  readonly pending: true;
  readonly personId: PersonId;
  readonly displayName: string;
}

/**
 * `POST /auth/sign-up`: a person creates their account with a password and enters an organisation,
 * with an invitation (active, in its role) or by the organisation's join rule (open: active;
 * approval: pending, not signed in until an admin approves). All in one unit of work, the
 * invitation spent in it; a username someone holds is `username_taken`.
 */
export class SignUp {
  constructor(
    private readonly ports: Pick<
      Ports,
      | 'invitations'
      | 'organisations'
      | 'people'
      | 'signInMethods'
      | 'personMemberships'
      | 'browserSessions'
      | 'hasher'
      | 'secrets'
      | 'ids'
      | 'passwords'
      | 'commonPasswords'
      | 'settings'
      | 'writes'
    >,
  ) {}

  async execute(input: SignUpInput): Promise<Outcome<SignedIn | AwaitingApproval, SignUpRefusal>> {
    const username = normaliseUsername(input.username);
    if (!username.ok) return username;
    const displayName = normaliseDisplayName(input.displayName);
    if (!displayName.ok) return displayName;
    const strength = judgeNewPassword(
      input.password,
      this.ports.commonPasswords.isCommon(input.password, [username.value, displayName.value]),
    );
    if (!strength.ok) return strength;
    // The slow hash is made before the transaction, so no lock waits on it.
    const secret = await this.ports.passwords.hash(input.password);
    const id = this.ports.ids.next<PersonId>();
    return this.ports.writes.run(
      { kind: 'person', id, label: displayName.value },
      async (now) => {
        if ((await this.ports.signInMethods.find('password', username.value)) !== null) return refuse('username_taken');
        // The person is stored first, waiting: a spent invitation names them (its foreign key on
        // PGlite and PostgreSQL). A refusal below undoes it with the rest of the unit of work.
        const person = Person.register({ id, displayName: displayName.value, username: username.value, status: 'pending' }, now);
        await this.ports.people.save(person);
        const entry = await enterOrganisation(this.ports, input.way, id, now);
        if (!entry.ok) return entry;
        const { organisationId, role, status, invited } = entry.value;
        if (status !== 'pending') {
          person.setStatus(status, now);
          await this.ports.people.save(person);
        }
        await this.ports.signInMethods.save({ personId: id, kind: 'password', subject: username.value, secret, createdAt: now });
        await this.ports.personMemberships.save({ personId: id, organisationId, role, since: now });
        const note = {
          organisationId,
          action: status === 'pending' ? 'person.asked_to_join' : 'person.joined',
          subject: { type: 'person', id },
          playerCharacterId: null,
          details: { role, displayName: displayName.value, invited },
        } as const;
        if (status === 'pending') {
          const awaiting: AwaitingApproval = { pending: true, personId: id, displayName: displayName.value };
          return audited<SignedIn | AwaitingApproval>(awaiting, note);
        }
        const { sessionId, session } = await openSession(this.ports, id, input.userAgent, now);
        const signedIn = { sessionId, personId: id, displayName: displayName.value, expiresAt: session.snapshot().expiresAt };
        return audited<SignedIn | AwaitingApproval>(signedIn, note);
      },
      { people_username: 'username_taken', sign_in_methods_subject: 'username_taken' },
    );
  }
}
