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
