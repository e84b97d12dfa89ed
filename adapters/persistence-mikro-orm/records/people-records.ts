import { defineEntity, p } from '@mikro-orm/core';

export const PersonSchema = defineEntity({
  name: 'PersonRecord',
  tableName: 'people',
  properties: {
    id: p.uuid().primary(),
    displayName: p.text(),
    username: p.text().nullable(),
    status: p.text(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export class PersonRecord extends PersonSchema.class {}
PersonSchema.setClass(PersonRecord);

/**
 * Keyed by person, kind and subject (what `ofPerson` walks); the unique `sign_in_methods_subject`
 * on (kind, subject) is what `find` reads and what refuses another person's subject.
 */
export const SignInMethodSchema = defineEntity({
  name: 'SignInMethodRecord',
  tableName: 'sign_in_methods',
  properties: {
    personId: p.uuid().primary(),
    kind: p.text().primary(),
    subject: p.text().primary(),
    secret: p.text(),
    createdAt: p.datetime(),
  },
});
export class SignInMethodRecord extends SignInMethodSchema.class {}
SignInMethodSchema.setClass(SignInMethodRecord);

export const PersonMembershipSchema = defineEntity({
  name: 'PersonMembershipRecord',
  tableName: 'person_memberships',
  properties: {
    personId: p.uuid().primary(),
    organisationId: p.uuid().primary(),
    role: p.text(),
    since: p.datetime(),
  },
});
export class PersonMembershipRecord extends PersonMembershipSchema.class {}
PersonMembershipSchema.setClass(PersonMembershipRecord);

export const BrowserSessionSchema = defineEntity({
  name: 'BrowserSessionRecord',
  tableName: 'browser_sessions',
  properties: {
    idHash: p.text().primary(),
    personId: p.uuid(),
    createdAt: p.datetime(),
    lastSeenAt: p.datetime(),
    idleUntil: p.datetime(),
    expiresAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    userAgent: p.text(),
  },
});
export class BrowserSessionRecord extends BrowserSessionSchema.class {}
BrowserSessionSchema.setClass(BrowserSessionRecord);

export const InvitationSchema = defineEntity({
  name: 'InvitationRecord',
  tableName: 'invitations',
  properties: {
    tokenHash: p.text().primary(),
    organisationId: p.uuid(),
    role: p.text(),
    invitedBy: p.text(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    usedBy: p.uuid().nullable(),
  },
});
export class InvitationRecord extends InvitationSchema.class {}
InvitationSchema.setClass(InvitationRecord);
