import { type FilterQuery, LockMode } from '@mikro-orm/core';
import type { BoloFilter, BoloRepository, BoloSubjectQuery } from '../../../application/ports/bolo-repository.ts';
import type { BoloHit } from '../../../domain/bolo/bolo-hit.ts';
import { ACTIVE_BOLO_STATUSES, type BoloStatus } from '../../../domain/bolo/bolo-terms.ts';
import type { Bolo } from '../../../domain/bolo/bolo.ts';
import type { BoloId } from '../../../domain/shared/ids.ts';
import { MappedTable } from '../mapped-table.ts';
import { boloFromRecord, boloHitFromRecord, boloHitToRecord, boloToRecord } from '../mappers/dispatch-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { BoloHitRecord, BoloRecord } from '../records/dispatch-records.ts';

type BoloWhere = FilterQuery<BoloRecord>;

/** Not expired at `now`: no expiry, or one still ahead. */
const unexpired = (now: Date): BoloWhere => ({ $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] });

/** An active status and not expired at `now` (as `Bolo.isActiveAt`). */
const activeAt = (now: Date): BoloWhere => ({ $and: [{ status: { $in: [...ACTIVE_BOLO_STATUSES] } }, unexpired(now)] });

/** The status as read at `now` (as `Bolo.statusAt`): an active BOLO past its expiry reads `EXPIRED`. */
function statusAt(status: BoloStatus | 'active', now: Date): BoloWhere {
  if (status === 'active') return activeAt(now);
  if (status === 'EXPIRED') {
    return { $or: [{ status: 'EXPIRED' }, { status: { $in: [...ACTIVE_BOLO_STATUSES] }, expiresAt: { $lte: now } }] };
  }
  if (ACTIVE_BOLO_STATUSES.includes(status)) return { $and: [{ status }, unexpired(now)] };
  return { status };
}

export class MikroOrmBoloRepository implements BoloRepository {
  private readonly rows: MappedTable<BoloRecord, Bolo>;
  private readonly hits: MappedTable<BoloHitRecord, BoloHit>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, BoloRecord, boloFromRecord);
    this.hits = new MappedTable(session, BoloHitRecord, boloHitFromRecord);
  }

  get = (id: BoloId) => this.rows.one({ id });
  /** `SELECT ... FOR UPDATE`: concurrent writers of the same BOLO wait for this one. */
  getForUpdate = (id: BoloId) => this.rows.one({ id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  save = (bolo: Bolo) => this.rows.put(boloToRecord(bolo));

  async findActiveAbout(query: BoloSubjectQuery): Promise<Bolo[]> {
    const about: BoloWhere[] = [
      ...(query.vehicleIds.length === 0 ? [] : [{ subjectVehicleId: { $in: [...query.vehicleIds] } }]),
      ...(query.civilianIds.length === 0 ? [] : [{ subjectCivilianId: { $in: [...query.civilianIds] } }]),
    ];
    if (about.length === 0 || query.limit <= 0) return [];
    return this.rows.many(
      {
        $and: [
          { organisationId: query.organisationId },
          { $or: about },
          { $or: [{ scope: 'COMMUNITY' }, { issuingDepartmentId: query.department }] },
          activeAt(query.now),
        ],
      },
      { orderBy: { id: 'desc' }, limit: query.limit },
    );
  }

  list = async (filter: BoloFilter) => {
    if (filter.limit <= 0) return [];
    return this.rows.many(
      {
        $and: [
          { organisationId: filter.organisationId },
          ...(filter.issuingDepartmentId === undefined ? [] : [{ issuingDepartmentId: filter.issuingDepartmentId }]),
          statusAt(filter.status, filter.now),
        ],
      },
      { orderBy: { id: 'desc' }, limit: filter.limit },
    );
  };

  addHit = (hit: BoloHit) => this.hits.insert(boloHitToRecord(hit));
  listHits = (boloId: BoloId) => this.hits.many({ boloId }, { orderBy: { seenAt: 'desc', id: 'desc' } });
}
