import type { CallId, DepartmentId, OrganisationId, UnitId } from '../../domain/shared/ids.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import type { KeysetPage } from './records-repositories.ts';
import type { RosterFilter } from './roster-repositories.ts';

export interface UnitFilter {
  readonly organisationId: OrganisationId;
  readonly departmentId?: DepartmentId;
  readonly isActive?: boolean;
  readonly limit: number;
}

export interface UnitRepository {
  get(id: UnitId): Promise<Unit | null>;
  /** Reads the unit and holds it against concurrent writers until the transaction ends. */
  getForUpdate(id: UnitId): Promise<Unit | null>;
  /** The unit that holds the callsign in the department; an ended unit holds none (decision 0140). */
  findByCallsign(departmentId: DepartmentId, callsign: string): Promise<Unit | null>;
  listAssignedTo(callId: CallId): Promise<Unit[]>;
  /** Ordered by department, then callsign. */
  list(filter: UnitFilter): Promise<Unit[]>;
  /** A keyset page of the units that match (the operator's roster view), ended ones left out. */
  page(filter: RosterFilter, page: KeysetPage): Promise<Unit[]>;
  /** Throws `UniqueConstraintViolation('unit_callsign')` for a callsign another unit of the department holds (not ended). */
  save(unit: Unit): Promise<void>;
}
