import type { RecordNumbers } from '../../application/ports/record-numbers.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import type { MemoryDatabase, MemoryTable } from './memory-database.ts';

/**
 * One row per series, bumped in place. `next` writes through the unit of work (its undo log takes
 * a rolled-back number back); `issue` keeps its series apart, never undone (decision 0146).
 */
export class MemoryRecordNumbers implements RecordNumbers {
  private readonly rows: MemoryTable<number>;
  private readonly issued = new Map<string, number>();

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

  /** Taken at once, as `next`: the memory store has no round trip to save. */
  async nextAtCommit(organisationId: OrganisationId, series: string) {
    return { number: Promise.resolve(await this.next(organisationId, series)) };
  }

  issue(organisationId: OrganisationId, series: string): Promise<number> {
    const key = `${organisationId}/${series}`;
    const value = (this.issued.get(key) ?? 0) + 1;
    this.issued.set(key, value);
    return Promise.resolve(value);
  }
}
