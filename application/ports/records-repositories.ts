import type { Civilian } from '../../domain/records/civilian.ts';
import type { Vehicle } from '../../domain/records/vehicle.ts';
import type { Warrant } from '../../domain/records/warrant.ts';
import type { ResourceRelease } from '../../domain/release/resource-release.ts';
import type { CivilianId, OrganisationId, VehicleId } from '../../domain/shared/ids.ts';

export interface CivilianRepository {
  get(id: CivilianId): Promise<Civilian | null>;
  /** Reads the civilian and holds it against concurrent writers until the transaction ends. */
  getForUpdate(id: CivilianId): Promise<Civilian | null>;
  /**
   * Civilians with exactly this name, ignoring case and extra spaces (compare `nameKey`), oldest
   * first, at most `limit`.
   */
  findByName(organisationId: OrganisationId, firstName: string, lastName: string, limit: number): Promise<Civilian[]>;
  /**
   * Inside a unit of work: waits until no other unit of work holds the same person (by
   * `identityKey`), and holds it until this one ends. Writers that find-or-register one person
   * queue here, so a person the records lack is registered once however many records arrive at once.
   */
  holdIdentity(organisationId: OrganisationId, identityKey: string): Promise<void>;
  save(civilian: Civilian): Promise<void>;
}

export interface VehicleRepository {
  get(id: VehicleId): Promise<Vehicle | null>;
  /** Reads the vehicle and holds it against concurrent writers until the transaction ends. */
  getForUpdate(id: VehicleId): Promise<Vehicle | null>;
  /** By plate, ignoring case and spaces. */
  findByPlate(organisationId: OrganisationId, plateKey: string): Promise<Vehicle | null>;
  /** Throws `UniqueConstraintViolation('vehicle_plate')` for a plate already registered. */
  save(vehicle: Vehicle): Promise<void>;
}

export interface WarrantRepository {
  listForCivilian(civilianId: CivilianId): Promise<Warrant[]>;
  add(warrant: Warrant): Promise<void>;
}

export interface ReleaseRepository {
  /** The most recently published release of the resource. */
  findLatest(resourceSlug: string): Promise<ResourceRelease | null>;
  /** Throws `UniqueConstraintViolation('release_version')` for a version already published. */
  add(release: ResourceRelease): Promise<void>;
}
