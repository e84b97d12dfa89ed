import { LockMode } from '@mikro-orm/core';
import type {
  BrowserSessionRepository,
  InvitationRepository,
  PersonMembershipRepository,
  PersonRepository,
  SignInMethodRepository,
} from '../../../application/ports/people-repositories.ts';
import type { BrowserSession } from '../../../domain/people/browser-session.ts';
import type { Invitation } from '../../../domain/people/invitation.ts';
import type { Person } from '../../../domain/people/person.ts';
import type { PersonMembership } from '../../../domain/people/person-membership.ts';
import type { SignInKind, SignInMethod } from '../../../domain/people/sign-in-method.ts';
import type { OrganisationId, PersonId } from '../../../domain/shared/ids.ts';
import { MappedTable } from '../mapped-table.ts';
import {
  browserSessionFromRecord,
  invitationFromRecord,
  personFromRecord,
  personMembershipFromRecord,
  signInMethodFromRecord,
} from '../mappers/people-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import {
  BrowserSessionRecord,
  InvitationRecord,
  PersonMembershipRecord,
  PersonRecord,
  SignInMethodRecord,
} from '../records/people-records.ts';

export class MikroOrmPersonRepository implements PersonRepository {
  private readonly rows: MappedTable<PersonRecord, Person>;

  constructor(private readonly session: OrmSession) {
    this.rows = new MappedTable(session, PersonRecord, personFromRecord);
  }

  get = (id: PersonId) => this.rows.one({ id });
  /** Upsert by id: a username another person holds breaks `people_username`. */
  save = (person: Person) => this.rows.put({ ...person.snapshot() });
  count = () => this.session.em().count(PersonRecord, {});
}

export class MikroOrmSignInMethodRepository implements SignInMethodRepository {
  private readonly rows: MappedTable<SignInMethodRecord, SignInMethod>;

  constructor(private readonly session: OrmSession) {
    this.rows = new MappedTable(session, SignInMethodRecord, signInMethodFromRecord);
  }

  find = (kind: SignInKind, subject: string) => this.rows.one({ kind, subject });
  findForUpdate = (kind: SignInKind, subject: string) => this.rows.one({ kind, subject }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  /** One statement: the count it deleted says whether this caller removed it. */
  remove = async (kind: SignInKind, subject: string) => (await this.session.em().nativeDelete(SignInMethodRecord, { kind, subject })) > 0;
  ofPerson = (personId: PersonId) => this.rows.many({ personId }, { orderBy: { kind: 'asc', subject: 'asc' } });
  /**
   * Upsert by (person, kind, subject), which replaces the person's own method; the same kind and
   * subject under another person breaks `sign_in_methods_subject` instead.
   */
  save = (method: SignInMethod) => this.rows.put({ ...method });
}

export class MikroOrmPersonMembershipRepository implements PersonMembershipRepository {
  private readonly rows: MappedTable<PersonMembershipRecord, PersonMembership>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, PersonMembershipRecord, personMembershipFromRecord);
  }

  ofPerson = (personId: PersonId) => this.rows.many({ personId }, { orderBy: { since: 'asc', organisationId: 'asc' } });
  ofOrganisation = (organisationId: OrganisationId) => this.rows.many({ organisationId }, { orderBy: { since: 'asc', personId: 'asc' } });
  save = (membership: PersonMembership) => this.rows.put({ ...membership });
}

export class MikroOrmBrowserSessionRepository implements BrowserSessionRepository {
  private readonly rows: MappedTable<BrowserSessionRecord, BrowserSession>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, BrowserSessionRecord, browserSessionFromRecord);
  }

  get = (idHash: string) => this.rows.one({ idHash });
  save = (session: BrowserSession) => this.rows.put({ ...session.snapshot() });
  openOf = (personId: PersonId) => this.rows.many({ personId, endedAt: null }, { orderBy: { createdAt: 'desc', idHash: 'asc' } });
}

export class MikroOrmInvitationRepository implements InvitationRepository {
  private readonly rows: MappedTable<InvitationRecord, Invitation>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, InvitationRecord, invitationFromRecord);
  }

  /** `SELECT ... FOR UPDATE`: a concurrent acceptance of the same invitation waits for this one. */
  getForUpdate = (tokenHash: string) => this.rows.one({ tokenHash }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  save = (invitation: Invitation) => this.rows.put({ ...invitation.snapshot() });
}
