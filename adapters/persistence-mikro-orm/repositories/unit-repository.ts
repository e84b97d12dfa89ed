import { LockMode } from '@mikro-orm/core';
import type { UnitFilter, UnitRepository } from '../../../application/ports/unit-repository.ts';
import type { CallId, DepartmentId, UnitId } from '../../../domain/shared/ids.ts';
import type { Unit } from '../../../domain/unit/unit.ts';
import { unitFromRecord, unitToRecord } from '../mappers/roster-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { UnitRecord } from '../records/roster-records.ts';

export class MikroOrmUnitRepository implements UnitRepository {
  constructor(private readonly session: OrmSession) {}

  async get(id: UnitId) {
    const record = await this.session.em().findOne(UnitRecord, { id });
    return record && unitFromRecord(record);
  }

  /** `SELECT ... FOR UPDATE`: concurrent transactions on the same unit wait for this one. */
  async getForUpdate(id: UnitId) {
    const record = await this.session.em().findOne(UnitRecord, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    return record && unitFromRecord(record);
  }

  async findByCallsign(departmentId: DepartmentId, callsign: string) {
    const record = await this.session.em().findOne(UnitRecord, { departmentId, callsign });
    return record && unitFromRecord(record);
  }

  async listAssignedTo(callId: CallId) {
    const records = await this.session.em().find(UnitRecord, { assignedCallId: callId }, { orderBy: { id: 'asc' } });
    return records.map(unitFromRecord);
  }

  async list(filter: UnitFilter) {
    const records = await this.session.em().find(
      UnitRecord,
      {
        organisationId: filter.organisationId,
        ...(filter.departmentId === undefined ? {} : { departmentId: filter.departmentId }),
        ...(filter.isActive === undefined ? {} : { isActive: filter.isActive }),
      },
      { orderBy: { departmentId: 'asc', callsign: 'asc nulls last', id: 'asc' }, limit: filter.limit },
    );
    return records.map(unitFromRecord);
  }

  async save(unit: Unit) {
    await this.session.write((em) => em.upsert(UnitRecord, unitToRecord(unit)));
  }
}
