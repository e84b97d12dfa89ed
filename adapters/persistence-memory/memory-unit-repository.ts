import type { UnitFilter, UnitRepository } from '../../application/ports/unit-repository.ts';
import type { CallId, DepartmentId, UnitId } from '../../domain/shared/ids.ts';
import { Unit, type UnitState } from '../../domain/unit/unit.ts';
import type { MemoryDatabase } from './memory-database.ts';
import type { KeysetPage } from '../../application/ports/records-repositories.ts';
import type { RosterFilter } from '../../application/ports/roster-repositories.ts';
import { SnapshotTable, byText, keysetPage } from './snapshot-table.ts';

export class MemoryUnitRepository implements UnitRepository {
  private readonly rows: SnapshotTable<UnitState, Unit>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'units', Unit.restore, [
      // An ended unit keeps its callsign for its history, and frees it for the department (decision 0140).
      { name: 'unit_callsign', key: (u) => (u.callsign === null || u.endedAt !== null ? null : `${u.departmentId}/${u.callsign}`) },
    ]);
  }

  get(id: UnitId) {
    return this.rows.get(id);
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  getForUpdate(id: UnitId) {
    return this.rows.get(id);
  }

  findByCallsign(departmentId: DepartmentId, callsign: string) {
    return this.rows.find((u) => u.departmentId === departmentId && u.callsign === callsign && u.endedAt === null);
  }

  listAssignedTo(callId: CallId) {
    return this.rows.filter(
      (u) => u.assignment?.callId === callId,
      (a, b) => byText(a.id, b.id),
    );
  }

  list(filter: UnitFilter) {
    return this.rows.filter(
      (u) =>
        u.organisationId === filter.organisationId &&
        (filter.departmentId === undefined || u.departmentId === filter.departmentId) &&
        (filter.isActive === undefined || u.isActive === filter.isActive),
      (a, b) => byText(a.departmentId, b.departmentId) || byText(a.callsign, b.callsign) || byText(a.id, b.id),
      filter.limit,
    );
  }

  page(filter: RosterFilter, page: KeysetPage) {
    return keysetPage(
      this.rows,
      (u) => u.organisationId === filter.organisationId && (filter.departmentId ?? u.departmentId) === u.departmentId && u.endedAt === null,
      page,
    );
  }

  save(unit: Unit) {
    return this.rows.save(unit.snapshot());
  }
}
