import type { BoloFilter, BoloRepository, BoloSubjectQuery } from '../../application/ports/bolo-repository.ts';
import type { BoloHit } from '../../domain/bolo/bolo-hit.ts';
import { isActiveBoloStatus } from '../../domain/bolo/bolo-terms.ts';
import { Bolo, type BoloState } from '../../domain/bolo/bolo.ts';
import type { BoloId } from '../../domain/shared/ids.ts';
import type { MemoryDatabase } from './memory-database.ts';
import { SnapshotTable, byText } from './snapshot-table.ts';

export class MemoryBoloRepository implements BoloRepository {
  private readonly rows: SnapshotTable<BoloState, Bolo>;
  private readonly hits: SnapshotTable<BoloHit, BoloHit>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'bolos', Bolo.restore, [{ name: 'bolo_number', key: (b) => `${b.organisationId}/${b.number}` }]);
    this.hits = new SnapshotTable(db, 'bolo_hits', (h) => h);
  }

  get(id: BoloId) {
    return this.rows.get(id);
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  getForUpdate(id: BoloId) {
    return this.rows.get(id);
  }

  save(bolo: Bolo) {
    return this.rows.save(bolo.snapshot());
  }

  findActiveAbout(query: BoloSubjectQuery) {
    const vehicles = new Set<string>(query.vehicleIds);
    const civilians = new Set<string>(query.civilianIds);
    return this.rows.filter(
      (b) =>
        b.organisationId === query.organisationId &&
        ((b.subjectVehicleId !== null && vehicles.has(b.subjectVehicleId)) ||
          (b.subjectCivilianId !== null && civilians.has(b.subjectCivilianId))) &&
        (b.scope === 'COMMUNITY' || b.issuingDepartmentId === query.department) &&
        Bolo.restore(b).isActiveAt(query.now),
      (a, b) => byText(b.id, a.id),
      query.limit,
    );
  }

  list(filter: BoloFilter) {
    return this.rows.filter(
      (b) => {
        if (b.organisationId !== filter.organisationId) return false;
        if (filter.issuingDepartmentId !== undefined && b.issuingDepartmentId !== filter.issuingDepartmentId) return false;
        const status = Bolo.restore(b).statusAt(filter.now);
        return filter.status === 'active' ? isActiveBoloStatus(status) : status === filter.status;
      },
      (a, b) => byText(b.id, a.id),
      filter.limit,
    );
  }

  addHit(hit: BoloHit) {
    return this.hits.save(hit);
  }

  listHits(boloId: BoloId) {
    return this.hits.filter(
      (h) => h.boloId === boloId,
      (a, b) => b.seenAt.getTime() - a.seenAt.getTime() || byText(b.id, a.id),
    );
  }
}
