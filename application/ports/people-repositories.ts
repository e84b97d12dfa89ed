import type { BrowserSession } from '../../domain/people/browser-session.ts';
import type { Invitation } from '../../domain/people/invitation.ts';
import type { Person } from '../../domain/people/person.ts';
import type { PersonMembership } from '../../domain/people/person-membership.ts';
import type { SignInKind, SignInMethod } from '../../domain/people/sign-in-method.ts';
import type { OrganisationId, PersonId } from '../../domain/shared/ids.ts';

export interface PersonRepository {
  get(id: PersonId): Promise<Person | null>;
  /** Inserts or updates; a username another person holds breaks its unique constraint (`people_username`). */
  save(person: Person): Promise<void>;
  /** How many people there are at all (none: the install has no owner yet). */
  count(): Promise<number>;
}

export interface SignInMethodRepository {
  /** The method of that kind found by that subject (a password's username), if any. */
  find(kind: SignInKind, subject: string): Promise<SignInMethod | null>;
  /** As `find`, holding the method against concurrent writers until the transaction ends. */
  findForUpdate(kind: SignInKind, subject: string): Promise<SignInMethod | null>;
  ofPerson(personId: PersonId): Promise<SignInMethod[]>;
  /** Removes the method; true when it existed (a concurrent remover gets false). */
  remove(kind: SignInKind, subject: string): Promise<boolean>;
  /** Inserts or replaces the person's method of that kind and subject; a subject another person holds breaks `sign_in_methods_subject`. */
  save(method: SignInMethod): Promise<void>;
}

export interface PersonMembershipRepository {
  /** Every organisation the person belongs to, with the role there. */
  ofPerson(personId: PersonId): Promise<PersonMembership[]>;
  /** The organisation's people, in the order they joined. */
  ofOrganisation(organisationId: OrganisationId): Promise<PersonMembership[]>;
  /** Inserts or replaces the person's membership of that organisation. */
  save(membership: PersonMembership): Promise<void>;
}

export interface BrowserSessionRepository {
  get(idHash: string): Promise<BrowserSession | null>;
  save(session: BrowserSession): Promise<void>;
  /** The person's sessions that have not ended, newest first. */
  openOf(personId: PersonId): Promise<BrowserSession[]>;
}

export interface InvitationRepository {
  /** Reads the invitation and holds it against a concurrent acceptance until the transaction ends. */
  getForUpdate(tokenHash: string): Promise<Invitation | null>;
  save(invitation: Invitation): Promise<void>;
}
