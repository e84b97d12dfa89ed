import type { KeysetPage } from '../../application/ports/records-repositories.ts';
import type { MemoryDatabase, MemoryTable, UniqueRule } from './memory-database.ts';

/**
 * Stores entities as their immutable state snapshots and restores a fresh entity on every read,
 * as a database would: changing a loaded entity changes nothing until it is saved.
 */
export class SnapshotTable<State extends { readonly id: string }, Entity> {
  private readonly table: MemoryTable<State>;

  constructor(
    private readonly db: MemoryDatabase,
    name: string,
    private readonly restore: (state: State) => Entity,
    uniques: readonly UniqueRule<State>[] = [],
  ) {
    this.table = db.table<State>(name, uniques);
  }

  get(id: string): Promise<Entity | null> {
    return this.db.access(() => {
      const state = this.table.get(id);
      return state === undefined ? null : this.restore(state);
    });
  }

  find(predicate: (state: State) => boolean): Promise<Entity | null> {
    return this.db.access(() => {
      const state = this.table.find(predicate);
      return state === undefined ? null : this.restore(state);
    });
  }

  filter(predicate: (state: State) => boolean, order?: (a: State, b: State) => number, limit?: number, offset = 0): Promise<Entity[]> {
    return this.db.access(() => {
      const states = this.table.filter(predicate);
      if (order) states.sort(order);
      const start = Math.max(0, offset);
      return states.slice(start, start + Math.max(0, limit ?? states.length)).map(this.restore);
    });
  }

  save(state: State): Promise<void> {
    return this.db.access(() => this.table.put(state.id, state));
  }

  delete(id: string): Promise<void> {
    return this.db.access(() => this.table.delete(id));
  }
}

/** Byte-order comparison, as PostgreSQL's "C" collation sorts. */
export function byText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** One keyset page of the rows that match: ids after `page.after`, ascending, at most `page.limit`. */
export function keysetPage<State extends { readonly id: string }, Entity>(
  rows: SnapshotTable<State, Entity>,
  matches: (state: State) => boolean,
  page: KeysetPage,
): Promise<Entity[]> {
  if (page.limit <= 0) return Promise.resolve([]);
  const after = page.after;
  return rows.filter(
    (row) => (after === null || byText(row.id, after) > 0) && matches(row),
    (a, b) => byText(a.id, b.id),
    page.limit,
  );
}
