import { defineEntity, p } from '@mikro-orm/core';

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
