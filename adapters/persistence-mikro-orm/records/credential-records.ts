import { defineEntity, p } from '@mikro-orm/core';

export const CredentialSchema = defineEntity({
  name: 'CredentialRecord',
  tableName: 'credentials',
  properties: {
    id: p.uuid().primary(),
    organisationId: p.uuid(),
    kind: p.text(),
    departmentId: p.uuid().nullable(),
    scopes: p.json<string[]>(),
    label: p.text(),
    secretHash: p.text(),
    createdAt: p.datetime(),
    rotatedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
});
export class CredentialRecord extends CredentialSchema.class {}
CredentialSchema.setClass(CredentialRecord);

export const OperatorKeySchema = defineEntity({
  name: 'OperatorKeyRecord',
  tableName: 'operator_keys',
  properties: {
    id: p.uuid().primary(),
    organisationId: p.uuid().nullable(),
    label: p.text(),
    permissions: p.json<string[]>(),
    keyHash: p.text(),
    createdAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
  },
});
export class OperatorKeyRecord extends OperatorKeySchema.class {}
OperatorKeySchema.setClass(OperatorKeyRecord);
