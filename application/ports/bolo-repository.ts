import type { Bolo } from '../../domain/bolo/bolo.ts';
import type { BoloHit } from '../../domain/bolo/bolo-hit.ts';
import type { BoloStatus } from '../../domain/bolo/bolo-terms.ts';
import type { BoloId, CivilianId, DepartmentId, OrganisationId, VehicleId } from '../../domain/shared/ids.ts';

/** Active BOLOs about any of these subjects that an officer of `department` may see. */
export interface BoloSubjectQuery {
  readonly organisationId: OrganisationId;
  readonly vehicleIds: readonly VehicleId[];
  readonly civilianIds: readonly CivilianId[];
  /** `COMMUNITY` BOLOs are seen by every department; `DEPARTMENT` ones by the issuing department only. */
  readonly department: DepartmentId;
  /** Active means an active status (`ISSUED`, `ACKNOWLEDGED`, `HIT_REPORTED`) and not expired at `now`. */
  readonly now: Date;
  readonly limit: number;
}

export interface BoloFilter {
  readonly organisationId: OrganisationId;
  /**
   * The status as read at `now` (an active BOLO past `expiresAt` reads `EXPIRED`); `'active'`
   * means any of the three active statuses.
   */
  readonly status: BoloStatus | 'active';
  readonly issuingDepartmentId?: DepartmentId;
  readonly now: Date;
  readonly limit: number;
}

export interface BoloRepository {
  get(id: BoloId): Promise<Bolo | null>;
  /** Reads the BOLO and holds it against concurrent writers until the transaction ends. */
  getForUpdate(id: BoloId): Promise<Bolo | null>;
  save(bolo: Bolo): Promise<void>;
  /** Newest first. */
  findActiveAbout(query: BoloSubjectQuery): Promise<Bolo[]>;
  /** Newest first. */
  list(filter: BoloFilter): Promise<Bolo[]>;
  addHit(hit: BoloHit): Promise<void>;
  /** Newest sighting first. */
  listHits(boloId: BoloId): Promise<BoloHit[]>;
}
