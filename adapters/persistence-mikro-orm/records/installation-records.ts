import { defineEntity, p } from '@mikro-orm/core';

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

/** An answer kept under an idempotency key (decision 0085); written and read with plain statements (`repositories/idempotency-ledger.ts`). */
export const IdempotencyKeySchema = defineEntity({
  name: 'IdempotencyKeyRecord',
  tableName: 'idempotency_keys',
  properties: {
    scope: p.text().primary(),
    keyHash: p.text().primary(),
    fingerprint: p.text(),
    status: p.smallint(),
    body: p.text(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
  },
});
export class IdempotencyKeyRecord extends IdempotencyKeySchema.class {}
IdempotencyKeySchema.setClass(IdempotencyKeyRecord);
