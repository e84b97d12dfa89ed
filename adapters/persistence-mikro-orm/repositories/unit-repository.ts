import { LockMode } from '@mikro-orm/core';
import type { UnitFilter, UnitRepository } from '../../../application/ports/unit-repository.ts';
import type { CallId, DepartmentId, UnitId } from '../../../domain/shared/ids.ts';
import type { Unit } from '../../../domain/unit/unit.ts';
import type { KeysetPage } from '../../../application/ports/records-repositories.ts';
import type { RosterFilter } from '../../../application/ports/roster-repositories.ts';
import { MappedTable, keysetPage } from '../mapped-table.ts';
import { rosterWhere } from './roster-repositories.ts';
import { unitFromRecord, unitToRecord } from '../mappers/roster-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { UnitRecord } from '../records/roster-records.ts';

export class MikroOrmUnitRepository implements UnitRepository {
  private readonly rows: MappedTable<UnitRecord, Unit>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, UnitRecord, unitFromRecord);
  }

  get = (id: UnitId) => this.rows.one({ id });
  /** `SELECT ... FOR UPDATE`: concurrent transactions on the same unit wait for this one. */
  getForUpdate = (id: UnitId) => this.rows.one({ id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  findByCallsign = (departmentId: DepartmentId, callsign: string) => this.rows.one({ departmentId, callsign, endedAt: null });
  listAssignedTo = (callId: CallId) => this.rows.many({ assignedCallId: callId }, { orderBy: { id: 'asc' } });
  save = (unit: Unit) => this.rows.put(unitToRecord(unit));
  page = (filter: RosterFilter, page: KeysetPage) => keysetPage(this.rows, [rosterWhere(filter), { endedAt: null }], page);

  list = (filter: UnitFilter) =>
    this.rows.many(
      {
        organisationId: filter.organisationId,
        ...(filter.departmentId === undefined ? {} : { departmentId: filter.departmentId }),
        ...(filter.isActive === undefined ? {} : { isActive: filter.isActive }),
      },
      { orderBy: { departmentId: 'asc', callsign: 'asc nulls last', id: 'asc' }, limit: filter.limit },
    );
}
