import { defineEntity, p } from '@mikro-orm/core';

export const CallSchema = defineEntity({
  name: 'CallRecord',
  tableName: 'calls',
  properties: {
    id: p.uuid().primary(),
    organisationId: p.uuid(),
    departmentId: p.uuid(),
    number: p.text(),
    origin: p.text(),
    priority: p.text(),
    status: p.text(),
    description: p.text(),
    locationX: p.double().$type<number>().runtimeType('number').nullable(),
    locationY: p.double().$type<number>().runtimeType('number').nullable(),
    createdAt: p.datetime(),
    closedAt: p.datetime().nullable(),
  },
});
export class CallRecord extends CallSchema.class {}
CallSchema.setClass(CallRecord);

/** Written only by `insert ... on conflict do nothing`: `seq` is the order notes were appended in. */
export const CallNoteSchema = defineEntity({
  name: 'CallNoteRecord',
  tableName: 'call_notes',
  properties: {
    eventId: p.uuid().primary(),
    callId: p.uuid(),
    seq: p.bigint('number'),
    text: p.text(),
    authorKind: p.text(),
    authorId: p.text(),
    authorLabel: p.text(),
    at: p.datetime(),
  },
});
export class CallNoteRecord extends CallNoteSchema.class {}
CallNoteSchema.setClass(CallNoteRecord);

export const BoloSchema = defineEntity({
  name: 'BoloRecord',
  tableName: 'bolos',
  properties: {
    id: p.uuid().primary(),
    organisationId: p.uuid(),
    number: p.text(),
    issuingDepartmentId: p.uuid(),
    subjectCivilianId: p.uuid().nullable(),
    subjectVehicleId: p.uuid().nullable(),
    severity: p.text(),
    scope: p.text(),
    subjectDescription: p.text(),
    reason: p.text(),
    narrative: p.text().nullable(),
    internalNotes: p.text().nullable(),
    expiresAt: p.datetime().nullable(),
    issuedByCharacterId: p.uuid().nullable(),
    issuedByCredentialId: p.uuid().nullable(),
    status: p.text(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export class BoloRecord extends BoloSchema.class {}
BoloSchema.setClass(BoloRecord);

export const BoloHitSchema = defineEntity({
  name: 'BoloHitRecord',
  tableName: 'bolo_hits',
  properties: {
    id: p.uuid().primary(),
    boloId: p.uuid(),
    organisationId: p.uuid(),
    plate: p.text(),
    cameraId: p.text(),
    cameraLabel: p.text(),
    positionX: p.double().$type<number>().runtimeType('number'),
    positionY: p.double().$type<number>().runtimeType('number'),
    seenAt: p.datetime(),
    reportedAt: p.datetime(),
    reportedBy: p.uuid(),
  },
});
export class BoloHitRecord extends BoloHitSchema.class {}
BoloHitSchema.setClass(BoloHitRecord);
