import { LockMode } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import type {
  CivilianRepository,
  CivilianSearch,
  KeysetPage,
  ReleaseRepository,
  VehicleRepository,
  VehicleSearch,
  WarrantRepository,
  WarrantSearch,
} from '../../../application/ports/records-repositories.ts';
import type { Civilian } from '../../../domain/records/civilian.ts';
import type { Vehicle } from '../../../domain/records/vehicle.ts';
import type { Warrant } from '../../../domain/records/warrant.ts';
import type { ResourceRelease } from '../../../domain/release/resource-release.ts';
import type { CivilianId, OrganisationId, VehicleId, WarrantId } from '../../../domain/shared/ids.ts';
import { nameKey } from '../../../domain/shared/text.ts';
import type { LeanReads, LeanTable } from '../lean-reads.ts';
import { MappedTable, keysetPage } from '../mapped-table.ts';
import {
  civilianFromRecord,
  releaseFromRecord,
  vehicleFromRecord,
  vehicleToRecord,
  warrantFromRecord,
} from '../mappers/records-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { ReleaseRecord } from '../records/installation-records.ts';
import { CivilianRecord, VehicleRecord, WarrantRecord } from '../records/records-records.ts';

/** A `LIKE` pattern matching `text` literally anywhere: `\`, `%` and `_` escaped with PostgreSQL's default escape, `\`. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class MikroOrmCivilianRepository implements CivilianRepository {
  private readonly rows: MappedTable<CivilianRecord, Civilian>;
  private readonly lean: LeanTable<CivilianRecord, Civilian>;
  private readonly byId;
  private readonly byName;
  private readonly byNameLocking;

  constructor(
    private readonly session: OrmSession,
    reads: LeanReads,
  ) {
    this.rows = new MappedTable(session, CivilianRecord, civilianFromRecord);
    this.lean = reads.table(CivilianRecord, civilianFromRecord);
    this.byId = this.lean.statement('civilian_by_id', 't.id = ?');
    const named = 't.organisation_id = ? and lower(t.last_name) = ? and lower(t.first_name) = ? order by t.id limit ?';
    this.byName = this.lean.statement('civilians_by_name', named);
    this.byNameLocking = this.lean.statement('civilians_by_name_locking', `${named} for update`);
  }

  get = (id: CivilianId) => this.lean.one(this.byId, [id]);
  getForUpdate = (id: CivilianId) => this.rows.one({ id }, { lockMode: LockMode.PESSIMISTIC_WRITE });

  /**
   * A transaction-scoped advisory lock in its own key space (the two-integer form never meets the
   * migration lock's one-integer form). A hash collision of two people only makes one wait.
   */
  holdIdentity = async (organisationId: OrganisationId, identityKey: string) => {
    const em = this.session.em() as unknown as SqlEntityManager;
    await em.execute(`select pg_advisory_xact_lock(hashtext('civilian-identity'), hashtext(?))`, [`${organisationId}/${identityKey}`]);
  };

  /**
   * Stored names are tidied already, so `lower()` of each column is its name key: the comparison
   * matches the `civilians_name` index (organisation_id, lower(last_name), lower(first_name)).
   */
  findByName = async (organisationId: OrganisationId, firstName: string, lastName: string, limit: number) => {
    if (limit <= 0) return [];
    return this.lean.many(this.byName, [organisationId, nameKey(lastName), nameKey(firstName), limit]);
  };

  findByNameForUpdate = async (organisationId: OrganisationId, firstName: string, lastName: string, limit: number) => {
    if (limit <= 0) return [];
    return this.lean.many(this.byNameLocking, [organisationId, nameKey(lastName), nameKey(firstName), limit]);
  };

  save = (civilian: Civilian) => this.rows.put({ ...civilian.snapshot() });

  /** Each name term, ignoring case, in the first or the last name. */
  search = (filter: CivilianSearch, page: KeysetPage) =>
    keysetPage<CivilianRecord, Civilian>(
      this.rows,
      [
        { organisationId: filter.organisationId },
        ...(filter.licenseStatus === undefined ? [] : [{ licenseStatus: filter.licenseStatus }]),
        ...(filter.nameTerms ?? []).map((term) => {
          const pattern = containing(term);
          return { $or: [{ firstName: { $ilike: pattern } }, { lastName: { $ilike: pattern } }] };
        }),
      ],
      page,
    );
}

export class MikroOrmVehicleRepository implements VehicleRepository {
  private readonly rows: MappedTable<VehicleRecord, Vehicle>;
  private readonly lean: LeanTable<VehicleRecord, Vehicle>;
  private readonly byPlate;
  private readonly byPlateLocking;

  constructor(session: OrmSession, reads: LeanReads) {
    this.rows = new MappedTable(session, VehicleRecord, vehicleFromRecord);
    this.lean = reads.table(VehicleRecord, vehicleFromRecord);
    this.byPlate = this.lean.statement('vehicle_by_plate', 't.organisation_id = ? and t.plate_key = ?');
    this.byPlateLocking = this.lean.statement('vehicle_by_plate_locking', 't.organisation_id = ? and t.plate_key = ? for update');
  }

  get = (id: VehicleId) => this.rows.one({ id });
  findByPlate = (organisationId: OrganisationId, plateKey: string) => this.lean.one(this.byPlate, [organisationId, plateKey]);
  findByPlateForUpdate = (organisationId: OrganisationId, plateKey: string) =>
    this.lean.one(this.byPlateLocking, [organisationId, plateKey]);
  save = (vehicle: Vehicle) => this.rows.put(vehicleToRecord(vehicle));

  search = (filter: VehicleSearch, page: KeysetPage) =>
    keysetPage<VehicleRecord, Vehicle>(
      this.rows,
      [
        { organisationId: filter.organisationId },
        ...(filter.plateKey === undefined ? [] : [{ plateKey: filter.plateKey }]),
        ...(filter.ownerCivilianId === undefined ? [] : [{ ownerCivilianId: filter.ownerCivilianId }]),
        // Each term, ignoring case, in the plate's key (no spaces), the make, the model or the colour.
        ...(filter.terms ?? []).map((term) => {
          const pattern = containing(term);
          return {
            $or: [
              { plateKey: { $ilike: pattern } },
              { make: { $ilike: pattern } },
              { model: { $ilike: pattern } },
              { color: { $ilike: pattern } },
            ],
          };
        }),
      ],
      page,
    );
}

export class MikroOrmWarrantRepository implements WarrantRepository {
  private readonly rows: MappedTable<WarrantRecord, Warrant>;
  private readonly lean: LeanTable<WarrantRecord, Warrant>;
  private readonly ofCivilian;

  constructor(session: OrmSession, reads: LeanReads) {
    this.rows = new MappedTable(session, WarrantRecord, warrantFromRecord);
    this.lean = reads.table(WarrantRecord, warrantFromRecord);
    this.ofCivilian = this.lean.statement('warrants_of_civilian', 't.civilian_id = ? order by t.id');
  }

  get = (id: WarrantId) => this.rows.one({ id });
  getForUpdate = (id: WarrantId) => this.rows.one({ id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  listForCivilian = (civilianId: CivilianId) => this.lean.many(this.ofCivilian, [civilianId]);
  add = (warrant: Warrant) => this.rows.insert({ ...warrant });
  update = (warrant: Warrant) => this.rows.put({ ...warrant });

  search = (filter: WarrantSearch, page: KeysetPage) =>
    keysetPage<WarrantRecord, Warrant>(
      this.rows,
      [
        { organisationId: filter.organisationId },
        ...(filter.civilianId === undefined ? [] : [{ civilianId: filter.civilianId }]),
        ...(filter.status === undefined ? [] : [{ status: filter.status }]),
      ],
      page,
    );
}

export class MikroOrmReleaseRepository implements ReleaseRepository {
  private readonly rows: MappedTable<ReleaseRecord, ResourceRelease>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, ReleaseRecord, releaseFromRecord);
  }

  findLatest = (resourceSlug: string) => this.rows.one({ resourceSlug }, { orderBy: { id: 'desc' } });
  add = (release: ResourceRelease) => this.rows.insert({ ...release, manifest: { ...release.manifest } });
}
