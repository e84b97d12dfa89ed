import type {
  CivilianRepository,
  ReleaseRepository,
  VehicleRepository,
  WarrantRepository,
} from '../../application/ports/records-repositories.ts';
import { Civilian, type CivilianState } from '../../domain/records/civilian.ts';
import { Plate } from '../../domain/records/plate.ts';
import { Vehicle, type VehicleState } from '../../domain/records/vehicle.ts';
import type { Warrant } from '../../domain/records/warrant.ts';
import type { ResourceRelease } from '../../domain/release/resource-release.ts';
import type { CivilianId, OrganisationId, VehicleId } from '../../domain/shared/ids.ts';
import { nameKey } from '../../domain/shared/text.ts';
import type { MemoryDatabase } from './memory-database.ts';
import { SnapshotTable, byText } from './snapshot-table.ts';

export class MemoryCivilianRepository implements CivilianRepository {
  private readonly rows: SnapshotTable<CivilianState, Civilian>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'civilians', Civilian.restore);
  }

  get(id: CivilianId) {
    return this.rows.get(id);
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  getForUpdate(id: CivilianId) {
    return this.rows.get(id);
  }

  findByName(organisationId: OrganisationId, firstName: string, lastName: string, limit: number) {
    const [first, last] = [nameKey(firstName), nameKey(lastName)];
    return this.rows.filter(
      (c) => c.organisationId === organisationId && nameKey(c.firstName) === first && nameKey(c.lastName) === last,
      (a, b) => byText(a.id, b.id),
      limit,
    );
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  async holdIdentity(_organisationId: OrganisationId, _identityKey: string): Promise<void> {}

  save(civilian: Civilian) {
    return this.rows.save(civilian.snapshot());
  }
}

export class MemoryVehicleRepository implements VehicleRepository {
  private readonly rows: SnapshotTable<VehicleState, Vehicle>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'vehicles', Vehicle.restore, [
      { name: 'vehicle_plate', key: (v) => `${v.organisationId}/${Plate.keyOf(v.plate)}` },
    ]);
  }

  get(id: VehicleId) {
    return this.rows.get(id);
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  getForUpdate(id: VehicleId) {
    return this.rows.get(id);
  }

  findByPlate(organisationId: OrganisationId, plateKey: string) {
    return this.rows.find((v) => v.organisationId === organisationId && Plate.keyOf(v.plate) === plateKey);
  }

  save(vehicle: Vehicle) {
    return this.rows.save(vehicle.snapshot());
  }
}

export class MemoryWarrantRepository implements WarrantRepository {
  private readonly rows: SnapshotTable<Warrant, Warrant>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'warrants', (w) => w);
  }

  listForCivilian(civilianId: CivilianId) {
    return this.rows.filter(
      (w) => w.civilianId === civilianId,
      (a, b) => byText(a.id, b.id),
    );
  }

  add(warrant: Warrant) {
    return this.rows.save(warrant);
  }
}

export class MemoryReleaseRepository implements ReleaseRepository {
  private readonly rows: SnapshotTable<ResourceRelease, ResourceRelease>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'releases', (r) => r, [{ name: 'release_version', key: (r) => `${r.resourceSlug}/${r.version}` }]);
  }

  async findLatest(resourceSlug: string) {
    const releases = await this.rows.filter(
      (r) => r.resourceSlug === resourceSlug,
      (a, b) => byText(b.id, a.id),
      1,
    );
    return releases[0] ?? null;
  }

  add(release: ResourceRelease) {
    return this.rows.save(release);
  }
}
