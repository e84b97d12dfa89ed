import { Person, type NameRefusal, normaliseDisplayName, normaliseUsername } from '../../domain/people/person.ts';
import { judgeNewPassword, type PasswordRefusal } from '../../domain/people/password-policy.ts';
import type { PersonId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { openSession } from './person-sessions.ts';
import type { SignedIn } from './sign-in-with-password.ts';

export interface SignUpInput {
  readonly invitationToken: string;
  readonly displayName: string;
  readonly username: string;
  readonly password: string;
  readonly userAgent: string;
}

export type SignUpRefusal = NameRefusal | PasswordRefusal | 'invalid_invitation' | 'username_taken';

/**
 * `POST /auth/sign-up`: an invitation's holder creates their account: a person, active, with a
 * password, a member of the invitation's organisation in its role, and signed in. The invitation
 * is spent in the same unit of work; a username someone holds is `username_taken`.
 */
export class SignUpByInvitation {
  constructor(
    private readonly ports: Pick<
      Ports,
      | 'invitations'
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

  async execute(input: SignUpInput): Promise<Outcome<SignedIn, SignUpRefusal>> {
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
        const invitation = await this.ports.invitations.getForUpdate(this.ports.hasher.hash(input.invitationToken));
        if (invitation === null || !invitation.accept(id, now).ok) return refuse('invalid_invitation');
        if ((await this.ports.signInMethods.find('password', username.value)) !== null) return refuse('username_taken');
        await this.ports.people.save(
          Person.register({ id, displayName: displayName.value, username: username.value, status: 'active' }, now),
        );
        await this.ports.signInMethods.save({ personId: id, kind: 'password', subject: username.value, secret, createdAt: now });
        const { organisationId, role } = invitation;
        await this.ports.personMemberships.save({ personId: id, organisationId, role, since: now });
        await this.ports.invitations.save(invitation);
        const { sessionId, session } = await openSession(this.ports, id, input.userAgent, now);
        const signedIn = { sessionId, personId: id, displayName: displayName.value, expiresAt: session.snapshot().expiresAt };
        return audited(signedIn, {
          organisationId,
          action: 'person.joined',
          subject: { type: 'person', id },
          playerCharacterId: null,
          details: { role, displayName: displayName.value },
        });
      },
      { people_username: 'username_taken', sign_in_methods_subject: 'username_taken' },
    );
  }
}
