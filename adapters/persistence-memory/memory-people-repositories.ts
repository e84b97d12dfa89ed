import type {
  BrowserSessionRepository,
  InvitationRepository,
  PersonMembershipRepository,
  PersonRepository,
  SignInMethodRepository,
} from '../../application/ports/people-repositories.ts';
import { BrowserSession, type BrowserSessionState } from '../../domain/people/browser-session.ts';
import { Invitation, type InvitationState } from '../../domain/people/invitation.ts';
import { Person, type PersonState } from '../../domain/people/person.ts';
import type { PersonMembership } from '../../domain/people/person-membership.ts';
import type { SignInKind, SignInMethod } from '../../domain/people/sign-in-method.ts';
import type { OrganisationId, PersonId } from '../../domain/shared/ids.ts';
import { UniqueConstraintViolation } from '../../application/ports/persistence-errors.ts';
import type { MemoryDatabase } from './memory-database.ts';
import { SnapshotTable } from './snapshot-table.ts';

export class MemoryPersonRepository implements PersonRepository {
  private readonly rows: SnapshotTable<PersonState, Person>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'people', Person.restore, [{ name: 'people_username', key: (p) => p.username }]);
  }

  get = (id: PersonId) => this.rows.get(id);
  count = async () => (await this.rows.filter(() => true)).length;
  save = (person: Person) => this.rows.save(person.snapshot());
}

type StoredMethod = SignInMethod & { readonly id: string };
const methodKey = (kind: SignInKind, subject: string) => `${kind}:${subject}`;

export class MemorySignInMethodRepository implements SignInMethodRepository {
  private readonly rows: SnapshotTable<StoredMethod, SignInMethod>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'sign_in_methods', ({ id: _key, ...method }) => method);
  }

  find = (kind: SignInKind, subject: string) => this.rows.get(methodKey(kind, subject));
  /** Transactions here are serialisable already; nothing more to hold. */
  findForUpdate = (kind: SignInKind, subject: string) => this.rows.get(methodKey(kind, subject));
  ofPerson = (personId: PersonId) => this.rows.filter((m) => m.personId === personId);

  async remove(kind: SignInKind, subject: string): Promise<boolean> {
    if ((await this.rows.get(methodKey(kind, subject))) === null) return false;
    await this.rows.delete(methodKey(kind, subject));
    return true;
  }

  async save(method: SignInMethod): Promise<void> {
    const existing = await this.rows.get(methodKey(method.kind, method.subject));
    if (existing !== null && existing.personId !== method.personId) throw new UniqueConstraintViolation('sign_in_methods_subject');
    await this.rows.save({ ...method, id: methodKey(method.kind, method.subject) });
  }
}

type StoredMembership = PersonMembership & { readonly id: string };

export class MemoryPersonMembershipRepository implements PersonMembershipRepository {
  private readonly rows: SnapshotTable<StoredMembership, PersonMembership>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'person_memberships', ({ id: _key, ...membership }) => membership);
  }

  ofPerson = (personId: PersonId) => this.rows.filter((m) => m.personId === personId, byJoining);
  ofOrganisation = (organisationId: OrganisationId) => this.rows.filter((m) => m.organisationId === organisationId, byJoining);
  save = (membership: PersonMembership) => this.rows.save({ ...membership, id: `${membership.personId}:${membership.organisationId}` });
}

const byJoining = (a: PersonMembership, b: PersonMembership) =>
  a.since.getTime() - b.since.getTime() || a.personId.localeCompare(b.personId);

type StoredSession = BrowserSessionState & { readonly id: string };

export class MemoryBrowserSessionRepository implements BrowserSessionRepository {
  private readonly rows: SnapshotTable<StoredSession, BrowserSession>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'browser_sessions', ({ id: _key, ...state }) => BrowserSession.restore(state));
  }

  get = (idHash: string) => this.rows.get(idHash);
  save = (session: BrowserSession) => this.rows.save({ ...session.snapshot(), id: session.snapshot().idHash });
  openOf = (personId: PersonId) =>
    this.rows.filter(
      (s) => s.personId === personId && s.endedAt === null,
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
    );
}

type StoredInvitation = InvitationState & { readonly id: string };

export class MemoryInvitationRepository implements InvitationRepository {
  private readonly rows: SnapshotTable<StoredInvitation, Invitation>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'invitations', ({ id: _key, ...state }) => Invitation.restore(state));
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  getForUpdate = (tokenHash: string) => this.rows.get(tokenHash);
  save = (invitation: Invitation) => this.rows.save({ ...invitation.snapshot(), id: invitation.snapshot().tokenHash });
}
