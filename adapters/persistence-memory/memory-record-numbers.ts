import type { RecordNumbers } from '../../application/ports/record-numbers.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import type { MemoryDatabase, MemoryTable } from './memory-database.ts';

/** One row per series, bumped in place: the undo log of a rolled-back unit of work takes it back. */
export class MemoryRecordNumbers implements RecordNumbers {
  private readonly rows: MemoryTable<number>;

  constructor(private readonly db: MemoryDatabase) {
    this.rows = db.table<number>('record_sequences');
  }

  next(organisationId: OrganisationId, series: string): Promise<number> {
    return this.db.access(() => {
      const key = `${organisationId}/${series}`;
      const value = (this.rows.get(key) ?? 0) + 1;
      this.rows.put(key, value);
      return value;
    });
  }
}
