import { defineEntity, p } from '@mikro-orm/core';

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
