import { defineEntity, p } from '@mikro-orm/core';

export const CivilianSchema = defineEntity({
  name: 'CivilianRecord',
  tableName: 'civilians',
  properties: {
    id: p.uuid().primary(),
    organisationId: p.uuid(),
    firstName: p.text(),
    lastName: p.text(),
    dateOfBirth: p.text().nullable(),
    licenseStatus: p.text(),
    claimedBy: p.uuid().nullable(),
    createdAt: p.datetime(),
  },
});
export class CivilianRecord extends CivilianSchema.class {}
CivilianSchema.setClass(CivilianRecord);

export const VehicleSchema = defineEntity({
  name: 'VehicleRecord',
  tableName: 'vehicles',
  properties: {
    id: p.uuid().primary(),
    organisationId: p.uuid(),
    plate: p.text(),
    plateKey: p.text(),
    make: p.text().nullable(),
    model: p.text().nullable(),
    color: p.text().nullable(),
    registrationStatus: p.text(),
    ownerCivilianId: p.uuid().nullable(),
    createdAt: p.datetime(),
  },
});
export class VehicleRecord extends VehicleSchema.class {}
VehicleSchema.setClass(VehicleRecord);

export const WarrantSchema = defineEntity({
  name: 'WarrantRecord',
  tableName: 'warrants',
  properties: {
    id: p.uuid().primary(),
    organisationId: p.uuid(),
    civilianId: p.uuid(),
    status: p.text(),
    description: p.text().nullable(),
    createdAt: p.datetime(),
  },
});
export class WarrantRecord extends WarrantSchema.class {}
WarrantSchema.setClass(WarrantRecord);

export const ReleaseSchema = defineEntity({
  name: 'ReleaseRecord',
  tableName: 'resource_releases',
  properties: {
    id: p.uuid().primary(),
    resourceSlug: p.text(),
    version: p.text(),
    manifest: p.json<Record<string, unknown>>(),
    publishedAt: p.datetime(),
  },
});
export class ReleaseRecord extends ReleaseSchema.class {}
ReleaseSchema.setClass(ReleaseRecord);

export const AuditEntrySchema = defineEntity({
  name: 'AuditEntryRecord',
  tableName: 'audit_entries',
  properties: {
    id: p.uuid().primary(),
    organisationId: p.uuid().nullable(),
    at: p.datetime(),
    actorKind: p.text(),
    actorId: p.text(),
    actorLabel: p.text(),
    playerCharacterId: p.uuid().nullable(),
    action: p.text(),
    subjectType: p.text().nullable(),
    subjectId: p.text().nullable(),
    details: p.json<Record<string, unknown>>(),
  },
});
export class AuditEntryRecord extends AuditEntrySchema.class {}
AuditEntrySchema.setClass(AuditEntryRecord);

export const InstanceKeySchema = defineEntity({
  name: 'InstanceKeyRecord',
  tableName: 'instance_keys',
  properties: {
    name: p.text().primary(),
    value: p.text(),
  },
});
export class InstanceKeyRecord extends InstanceKeySchema.class {}
InstanceKeySchema.setClass(InstanceKeyRecord);

export const CitationSchema = defineEntity({
  name: 'CitationRecord',
  tableName: 'citations',
  properties: {
    id: p.uuid().primary(),
    organisationId: p.uuid(),
    number: p.text(),
    civilianId: p.uuid(),
    plate: p.text().nullable(),
    locationText: p.text(),
    statuteCode: p.text(),
    statuteDescription: p.text(),
    fineAmount: p.double().$type<number>().runtimeType('number'),
    issuedByCharacterId: p.uuid(),
    issuedByUnitId: p.uuid(),
    issuedByCredentialId: p.uuid(),
    issuedAt: p.datetime(),
  },
});
export class CitationRecord extends CitationSchema.class {}
CitationSchema.setClass(CitationRecord);

export const ArrestSchema = defineEntity({
  name: 'ArrestRecord',
  tableName: 'arrests',
  properties: {
    id: p.uuid().primary(),
    organisationId: p.uuid(),
    number: p.text(),
    civilianId: p.uuid(),
    locationText: p.text(),
    narrative: p.text(),
    charges: p.json<Array<{ statuteCode: string; statuteDescription: string }>>(),
    bookedByCharacterId: p.uuid(),
    bookedByUnitId: p.uuid(),
    bookedByCredentialId: p.uuid(),
    bookedAt: p.datetime(),
  },
});
export class ArrestRecord extends ArrestSchema.class {}
ArrestSchema.setClass(ArrestRecord);
