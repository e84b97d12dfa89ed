import type { Civilian } from '../../domain/records/civilian.ts';
import type { Vehicle } from '../../domain/records/vehicle.ts';
import type { Warrant } from '../../domain/records/warrant.ts';
import type { ResourceRelease } from '../../domain/release/resource-release.ts';
import type { WarrantStatus } from '../../domain/records/warrant.ts';
import type { CivilianId, OrganisationId, VehicleId, WarrantId } from '../../domain/shared/ids.ts';

/**
 * One page of a keyset walk: rows whose id is greater than `after` (every id is time-ordered,
 * a UUIDv7), in ascending id order, at most `limit`. Rows inserted while a client pages land
 * after the pages it has read, so no row is lost or repeated.
 */
export interface KeysetPage {
  /** The id of the last row of the previous page; null for the first page. */
  readonly after: string | null;
  readonly limit: number;
}

export interface CivilianSearch {
  readonly organisationId: OrganisationId;
  /**
   * Name search: every whitespace-separated term must occur, ignoring case, in the first or the
   * last name (`"trev phil"` finds Trevor Philips). Terms are matched literally (`%` is a percent).
   */
  readonly nameTerms?: readonly string[];
  /** Exact, as stored. */
  readonly licenseStatus?: string;
}

export interface VehicleSearch {
  readonly organisationId: OrganisationId;
  /** As `Plate.key`: upper case without spaces, matched exactly. */
  readonly plateKey?: string;
  readonly ownerCivilianId?: CivilianId;
  /**
   * Every whitespace-separated term must occur, ignoring case, in the plate (its key: spaces
   * aside), the make, the model or the colour. Terms are matched literally.
   */
  readonly terms?: readonly string[];
}

export interface WarrantSearch {
  readonly organisationId: OrganisationId;
  readonly civilianId?: CivilianId;
  readonly status?: WarrantStatus;
}

export interface CivilianRepository {
  get(id: CivilianId): Promise<Civilian | null>;
  /** As `get`, holding the civilian against concurrent writers until the transaction ends. */
  getForUpdate(id: CivilianId): Promise<Civilian | null>;
  /**
   * Civilians with exactly this name, ignoring case and extra spaces (compare `nameKey`), oldest
   * first, at most `limit`.
   */
  findByName(organisationId: OrganisationId, firstName: string, lastName: string, limit: number): Promise<Civilian[]>;
  /** As `findByName`, holding every civilian read against concurrent writers until the transaction ends. */
  findByNameForUpdate(organisationId: OrganisationId, firstName: string, lastName: string, limit: number): Promise<Civilian[]>;
  /**
   * Inside a unit of work: waits until no other unit of work holds the same person (by
   * `identityKey`), and holds it until this one ends. Writers that find-or-register one person
   * queue here, so a person the records lack is registered once however many records arrive at once.
   */
  holdIdentity(organisationId: OrganisationId, identityKey: string): Promise<void>;
  save(civilian: Civilian): Promise<void>;
  /** A keyset page of the organisation's civilians that match. */
  search(filter: CivilianSearch, page: KeysetPage): Promise<Civilian[]>;
}

export interface VehicleRepository {
  get(id: VehicleId): Promise<Vehicle | null>;
  /** By plate, ignoring case and spaces. */
  findByPlate(organisationId: OrganisationId, plateKey: string): Promise<Vehicle | null>;
  /** As `findByPlate`, holding the vehicle against concurrent writers until the transaction ends. */
  findByPlateForUpdate(organisationId: OrganisationId, plateKey: string): Promise<Vehicle | null>;
  /** Throws `UniqueConstraintViolation('vehicle_plate')` for a plate already registered. */
  save(vehicle: Vehicle): Promise<void>;
  /** A keyset page of the organisation's vehicles that match. */
  search(filter: VehicleSearch, page: KeysetPage): Promise<Vehicle[]>;
}

export interface WarrantRepository {
  get(id: WarrantId): Promise<Warrant | null>;
  /** As `get`, holding the warrant against concurrent writers until the transaction ends. */
  getForUpdate(id: WarrantId): Promise<Warrant | null>;
  listForCivilian(civilianId: CivilianId): Promise<Warrant[]>;
  add(warrant: Warrant): Promise<void>;
  /** Writes a warrant that exists already (its status and description; the rest never changes). */
  update(warrant: Warrant): Promise<void>;
  /** A keyset page of the organisation's warrants that match. */
  search(filter: WarrantSearch, page: KeysetPage): Promise<Warrant[]>;
}

export interface ReleaseRepository {
  /** The most recently published release of the resource. */
  findLatest(resourceSlug: string): Promise<ResourceRelease | null>;
  /** Throws `UniqueConstraintViolation('release_version')` for a version already published. */
  add(release: ResourceRelease): Promise<void>;
}
