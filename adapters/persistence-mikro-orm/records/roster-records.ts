import { defineEntity, p } from '@mikro-orm/core';

export const CharacterSchema = defineEntity({
  name: 'CharacterRecord',
  tableName: 'characters',
  properties: {
    id: p.uuid().primary(),
    publicId: p.uuid(),
    organisationId: p.uuid(),
    firstName: p.text(),
    lastName: p.text(),
    dateOfBirth: p.text().nullable(),
    ownerPersonId: p.uuid().nullable(),
    status: p.text(),
    recordId: p.uuid().nullable(),
    createdAt: p.datetime(),
  },
});
export class CharacterRecord extends CharacterSchema.class {}
CharacterSchema.setClass(CharacterRecord);

export const IdentifierLinkSchema = defineEntity({
  name: 'IdentifierLinkRecord',
  tableName: 'identifier_links',
  properties: {
    organisationId: p.uuid().primary(),
    kind: p.text().primary(),
    value: p.text().primary(),
    characterId: p.uuid(),
    linkedAt: p.datetime(),
  },
});
export class IdentifierLinkRecord extends IdentifierLinkSchema.class {}
IdentifierLinkSchema.setClass(IdentifierLinkRecord);

export const LinkCodeSchema = defineEntity({
  name: 'LinkCodeRecord',
  tableName: 'link_codes',
  properties: {
    organisationId: p.uuid().primary(),
    codeHash: p.text().primary(),
    characterId: p.uuid(),
    issuedAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export class LinkCodeRecord extends LinkCodeSchema.class {}
LinkCodeSchema.setClass(LinkCodeRecord);

export const PendingLinkSchema = defineEntity({
  name: 'PendingLinkRecord',
  tableName: 'pending_links',
  properties: {
    organisationId: p.uuid().primary(),
    codeHash: p.text().primary(),
    identifiers: p.json<Array<{ kind: string; value: string }>>(),
    issuedAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export class PendingLinkRecord extends PendingLinkSchema.class {}
PendingLinkSchema.setClass(PendingLinkRecord);

export const MembershipSchema = defineEntity({
  name: 'MembershipRecord',
  tableName: 'memberships',
  properties: {
    id: p.uuid().primary(),
    organisationId: p.uuid(),
    departmentId: p.uuid(),
    characterId: p.uuid(),
    unitId: p.uuid(),
    createdAt: p.datetime(),
    endedAt: p.datetime().nullable(),
  },
});
export class MembershipRecord extends MembershipSchema.class {}
MembershipSchema.setClass(MembershipRecord);

export const UnitSchema = defineEntity({
  name: 'UnitRecord',
  tableName: 'units',
  properties: {
    id: p.uuid().primary(),
    organisationId: p.uuid(),
    departmentId: p.uuid(),
    membershipId: p.uuid(),
    characterId: p.uuid(),
    callsign: p.text().nullable(),
    isActive: p.boolean(),
    status: p.text(),
    statusChangedAt: p.datetime(),
    assignedCallId: p.uuid().nullable(),
    assignedCallNumber: p.text().nullable(),
    assignmentPinX: p.double().$type<number>().runtimeType('number').nullable(),
    assignmentPinY: p.double().$type<number>().runtimeType('number').nullable(),
    assignedAt: p.datetime().nullable(),
    endedAt: p.datetime().nullable(),
  },
});
export class UnitRecord extends UnitSchema.class {}
UnitSchema.setClass(UnitRecord);
