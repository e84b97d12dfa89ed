import type {
  CivilianRepository,
  ReleaseRepository,
  VehicleRepository,
  WarrantRepository,
} from '../../../application/ports/records-repositories.ts';
import type { Civilian } from '../../../domain/records/civilian.ts';
import type { Vehicle } from '../../../domain/records/vehicle.ts';
import type { Warrant } from '../../../domain/records/warrant.ts';
import type { ResourceRelease } from '../../../domain/release/resource-release.ts';
import type { CivilianId, OrganisationId, VehicleId } from '../../../domain/shared/ids.ts';
import {
  civilianFromRecord,
  releaseFromRecord,
  vehicleFromRecord,
  vehicleToRecord,
  warrantFromRecord,
} from '../mappers/records-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { CivilianRecord, ReleaseRecord, VehicleRecord, WarrantRecord } from '../records/records-records.ts';

export class MikroOrmCivilianRepository implements CivilianRepository {
  constructor(private readonly session: OrmSession) {}

  async get(id: CivilianId) {
    const record = await this.session.em().findOne(CivilianRecord, { id });
    return record && civilianFromRecord(record);
  }

  async save(civilian: Civilian) {
    await this.session.write((em) => em.upsert(CivilianRecord, { ...civilian.snapshot() }));
  }
}

export class MikroOrmVehicleRepository implements VehicleRepository {
  constructor(private readonly session: OrmSession) {}

  async get(id: VehicleId) {
    const record = await this.session.em().findOne(VehicleRecord, { id });
    return record && vehicleFromRecord(record);
  }

  async findByPlate(organisationId: OrganisationId, plateKey: string) {
    const record = await this.session.em().findOne(VehicleRecord, { organisationId, plateKey });
    return record && vehicleFromRecord(record);
  }

  async save(vehicle: Vehicle) {
    await this.session.write((em) => em.upsert(VehicleRecord, vehicleToRecord(vehicle)));
  }
}

export class MikroOrmWarrantRepository implements WarrantRepository {
  constructor(private readonly session: OrmSession) {}

  async listForCivilian(civilianId: CivilianId) {
    const records = await this.session.em().find(WarrantRecord, { civilianId }, { orderBy: { id: 'asc' } });
    return records.map(warrantFromRecord);
  }

  async add(warrant: Warrant) {
    await this.session.write((em) => em.insert(WarrantRecord, { ...warrant }));
  }
}

export class MikroOrmReleaseRepository implements ReleaseRepository {
  constructor(private readonly session: OrmSession) {}

  async findLatest(resourceSlug: string) {
    const record = await this.session.em().findOne(ReleaseRecord, { resourceSlug }, { orderBy: { id: 'desc' } });
    return record && releaseFromRecord(record);
  }

  async add(release: ResourceRelease) {
    await this.session.write((em) => em.insert(ReleaseRecord, { ...release, manifest: { ...release.manifest } }));
  }
}
