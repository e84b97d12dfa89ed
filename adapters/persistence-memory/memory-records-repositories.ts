import type {
  CivilianRepository,
  CivilianSearch,
  KeysetPage,
  ReleaseRepository,
  VehicleRepository,
  VehicleSearch,
  WarrantRepository,
  WarrantSearch,
} from '../../application/ports/records-repositories.ts';
import { Civilian, type CivilianState } from '../../domain/records/civilian.ts';
import { Plate } from '../../domain/records/plate.ts';
import { Vehicle, type VehicleState } from '../../domain/records/vehicle.ts';
import type { Warrant } from '../../domain/records/warrant.ts';
import type { ResourceRelease } from '../../domain/release/resource-release.ts';
import type { CivilianId, OrganisationId, VehicleId, WarrantId } from '../../domain/shared/ids.ts';
import { nameKey } from '../../domain/shared/text.ts';
import type { MemoryDatabase } from './memory-database.ts';
import { SnapshotTable, byText, keysetPage } from './snapshot-table.ts';

/** Every term occurs, ignoring case, in the first or the last name; literally, as `ILIKE` with escapes does. */
function namedLike(terms: readonly string[]) {
  const lowered = terms.map((term) => term.toLowerCase());
  return (c: CivilianState) => {
    const [first, last] = [c.firstName.toLowerCase(), c.lastName.toLowerCase()];
    return lowered.every((term) => first.includes(term) || last.includes(term));
  };
}

/** Every term occurs, ignoring case, in the plate's key (no spaces), the make, the model or the colour; literally, as `ILIKE` with escapes does. */
function describedLike(terms: readonly string[]) {
  const lowered = terms.map((term) => term.toLowerCase());
  return (v: VehicleState) => {
    const plateKey = Plate.keyOf(v.plate).toLowerCase();
    const details = [v.make, v.model, v.color].map((detail) => (detail ?? '').toLowerCase());
    return lowered.every((term) => plateKey.includes(term) || details.some((detail) => detail.includes(term)));
  };
}

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
    return this.get(id);
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
  findByNameForUpdate(organisationId: OrganisationId, firstName: string, lastName: string, limit: number) {
    return this.findByName(organisationId, firstName, lastName, limit);
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  async holdIdentity(_organisationId: OrganisationId, _identityKey: string): Promise<void> {}

  save(civilian: Civilian) {
    return this.rows.save(civilian.snapshot());
  }

  search(filter: CivilianSearch, page: KeysetPage) {
    const named = namedLike(filter.nameTerms ?? []);
    return keysetPage(
      this.rows,
      (c) =>
        c.organisationId === filter.organisationId &&
        (filter.licenseStatus === undefined || c.licenseStatus === filter.licenseStatus) &&
        named(c),
      page,
    );
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

  findByPlate(organisationId: OrganisationId, plateKey: string) {
    return this.rows.find((v) => v.organisationId === organisationId && Plate.keyOf(v.plate) === plateKey);
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  findByPlateForUpdate(organisationId: OrganisationId, plateKey: string) {
    return this.findByPlate(organisationId, plateKey);
  }

  save(vehicle: Vehicle) {
    return this.rows.save(vehicle.snapshot());
  }

  search(filter: VehicleSearch, page: KeysetPage) {
    const described = describedLike(filter.terms ?? []);
    return keysetPage(
      this.rows,
      (v) =>
        v.organisationId === filter.organisationId &&
        (filter.plateKey === undefined || Plate.keyOf(v.plate) === filter.plateKey) &&
        (filter.ownerCivilianId === undefined || v.ownerCivilianId === filter.ownerCivilianId) &&
        described(v),
      page,
    );
  }
}

export class MemoryWarrantRepository implements WarrantRepository {
  private readonly rows: SnapshotTable<Warrant, Warrant>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'warrants', (w) => w);
  }

  get(id: WarrantId) {
    return this.rows.get(id);
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  getForUpdate(id: WarrantId) {
    return this.get(id);
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

  update(warrant: Warrant) {
    return this.rows.save(warrant);
  }

  search(filter: WarrantSearch, page: KeysetPage) {
    return keysetPage(
      this.rows,
      (w) =>
        w.organisationId === filter.organisationId &&
        (filter.civilianId === undefined || w.civilianId === filter.civilianId) &&
        (filter.status === undefined || w.status === filter.status),
      page,
    );
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
