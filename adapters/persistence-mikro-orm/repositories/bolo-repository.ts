import { type FilterQuery, LockMode } from '@mikro-orm/core';
import type { BoloFilter, BoloRepository, BoloSubjectQuery } from '../../../application/ports/bolo-repository.ts';
import type { BoloHit } from '../../../domain/bolo/bolo-hit.ts';
import { ACTIVE_BOLO_STATUSES, type BoloStatus } from '../../../domain/bolo/bolo-terms.ts';
import type { Bolo } from '../../../domain/bolo/bolo.ts';
import type { BoloId } from '../../../domain/shared/ids.ts';
import type { LeanReads, LeanStatement, LeanTable } from '../lean-reads.ts';
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

  private readonly lean: LeanTable<BoloRecord, Bolo>;

  constructor(session: OrmSession, reads: LeanReads) {
    this.rows = new MappedTable(session, BoloRecord, boloFromRecord);
    this.hits = new MappedTable(session, BoloHitRecord, boloHitFromRecord);
    this.lean = reads.table(BoloRecord, boloFromRecord);
  }

  get = (id: BoloId) => this.rows.one({ id });
  /** `SELECT ... FOR UPDATE`: concurrent writers of the same BOLO wait for this one. */
  getForUpdate = (id: BoloId) => this.rows.one({ id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  save = (bolo: Bolo) => this.rows.put(boloToRecord(bolo));

  /** One statement on the bridge's hot path (`/bolo-check`), so it runs as a lean read (as `activeAt`, in SQL). */
  async findActiveAbout(query: BoloSubjectQuery): Promise<Bolo[]> {
    const vehicles = query.vehicleIds.length;
    const people = query.civilianIds.length;
    if (vehicles + people === 0 || query.limit <= 0) return [];
    return this.lean.many(this.aboutStatement(vehicles, people), [
      query.organisationId,
      ...query.vehicleIds,
      ...query.civilianIds,
      query.department,
      query.now.toISOString(),
      query.limit,
    ]);
  }

  /** `findActiveAbout`'s statement for this many vehicles and people. */
  private aboutStatement(vehicles: number, people: number): LeanStatement {
    const list = (count: number) => Array.from({ length: count }, () => '?').join(', ');
    return this.lean.statement(`bolos_about_${vehicles}_${people}`, () => {
      const subjects = [
        ...(vehicles === 0 ? [] : [`t.subject_vehicle_id in (${list(vehicles)})`]),
        ...(people === 0 ? [] : [`t.subject_civilian_id in (${list(people)})`]),
      ];
      const active = ACTIVE_BOLO_STATUSES.map((status) => `'${status}'`).join(', ');
      return `t.organisation_id = ? and (${subjects.join(' or ')})
        and (t.scope = 'COMMUNITY' or t.issuing_department_id = ?)
        and t.status in (${active}) and (t.expires_at is null or t.expires_at > ?)
        order by t.id desc limit ?`;
    });
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
