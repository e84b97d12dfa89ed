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
