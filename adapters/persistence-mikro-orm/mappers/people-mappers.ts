import { BrowserSession } from '../../../domain/people/browser-session.ts';
import { Invitation } from '../../../domain/people/invitation.ts';
import { Person, type PersonStatus } from '../../../domain/people/person.ts';
import type { PersonMembership } from '../../../domain/people/person-membership.ts';
import type { RoleName } from '../../../domain/people/role.ts';
import type { SignInKind, SignInMethod } from '../../../domain/people/sign-in-method.ts';
import type { OrganisationId, PersonId } from '../../../domain/shared/ids.ts';
import type {
  BrowserSessionRecord,
  InvitationRecord,
  PersonMembershipRecord,
  PersonRecord,
  SignInMethodRecord,
} from '../records/people-records.ts';

export function personFromRecord(r: PersonRecord): Person {
  return Person.restore({
    id: r.id as PersonId,
    displayName: r.displayName,
    username: r.username ?? null,
    status: r.status as PersonStatus,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  });
}

export function signInMethodFromRecord(r: SignInMethodRecord): SignInMethod {
  return {
    personId: r.personId as PersonId,
    kind: r.kind as SignInKind,
    subject: r.subject,
    secret: r.secret,
    createdAt: r.createdAt,
  };
}

export function personMembershipFromRecord(r: PersonMembershipRecord): PersonMembership {
  return {
    personId: r.personId as PersonId,
    organisationId: r.organisationId as OrganisationId,
    role: r.role as RoleName,
    since: r.since,
  };
}

export function browserSessionFromRecord(r: BrowserSessionRecord): BrowserSession {
  return BrowserSession.restore({
    idHash: r.idHash,
    personId: r.personId as PersonId,
    createdAt: r.createdAt,
    lastSeenAt: r.lastSeenAt,
    idleUntil: r.idleUntil,
    expiresAt: r.expiresAt,
    endedAt: r.endedAt ?? null,
    userAgent: r.userAgent,
  });
}

export function invitationFromRecord(r: InvitationRecord): Invitation {
  return Invitation.restore({
    tokenHash: r.tokenHash,
    organisationId: r.organisationId as OrganisationId,
    role: r.role as RoleName,
    invitedBy: r.invitedBy,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    usedAt: r.usedAt ?? null,
    usedBy: (r.usedBy ?? null) as PersonId | null,
  });
}
