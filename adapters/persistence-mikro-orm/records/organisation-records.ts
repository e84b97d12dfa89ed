import { type InferEntity, defineEntity, p } from '@mikro-orm/core';

export const OrganisationSchema = defineEntity({
  name: 'OrganisationRecord',
  tableName: 'organisations',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    mapType: p.text(),
    arrivalRadius: p.double().$type<number>().runtimeType('number'),
    concurrentAccountsMax: p.integer().nullable(),
    autoProvision: p.boolean(),
    emergencyDepartmentId: p.uuid().nullable(),
    mapLayer: p
      .json<{ tileUrlTemplate: string | null; imageUrl: string | null; bounds: Record<'minX' | 'minY' | 'maxX' | 'maxY', number> }>()
      .nullable(),
    joinRule: p.text(),
    charactersPerPerson: p.integer(),
    characterApproval: p.boolean(),
    trustedIdentityLink: p.boolean(),
    staleUnitMinutes: p.integer(),
    roleOverrides: p.json<Record<string, string[]>>(),
    createdAt: p.datetime(),
  },
});
export class OrganisationRecord extends OrganisationSchema.class {}
OrganisationSchema.setClass(OrganisationRecord);
export type OrganisationRow = InferEntity<typeof OrganisationSchema>;

export const DepartmentSchema = defineEntity({
  name: 'DepartmentRecord',
  tableName: 'departments',
  properties: {
    id: p.uuid().primary(),
    organisationId: p.uuid(),
    slug: p.text(),
    name: p.text(),
    isActive: p.boolean(),
    createdAt: p.datetime(),
  },
});
export class DepartmentRecord extends DepartmentSchema.class {}
DepartmentSchema.setClass(DepartmentRecord);
