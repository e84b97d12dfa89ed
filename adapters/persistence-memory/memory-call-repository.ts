import type { CallFilter, CallRepository } from '../../application/ports/call-repository.ts';
import { Call, type CallState } from '../../domain/call/call.ts';
import type { CallId } from '../../domain/shared/ids.ts';
import type { MemoryDatabase, MemoryTable } from './memory-database.ts';
import { SnapshotTable, byText } from './snapshot-table.ts';

export class MemoryCallRepository implements CallRepository {
  private readonly rows: SnapshotTable<CallState, Call>;
  private readonly table: MemoryTable<CallState>;

  constructor(private readonly db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'calls', Call.restore, [{ name: 'call_number', key: (c) => `${c.organisationId}/${c.number}` }]);
    this.table = db.table<CallState>('calls');
  }

  get(id: CallId) {
    return this.rows.get(id);
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  getForUpdate(id: CallId) {
    return this.rows.get(id);
  }

  /** As `getForUpdate`, without the notes stored already (decision 0151): the transactions here are serialisable. */
  async getForNote(id: CallId) {
    const call = await this.rows.get(id);
    return call === null ? null : Call.restore({ ...call.snapshot(), notes: [] });
  }

  /**
   * The timeline only grows, as in the database: the notes stored already stay as they are, and
   * the call's notes not stored yet are appended after them, in the call's order.
   */
  save(call: Call) {
    const state = call.snapshot();
    return this.db.access(() => {
      this.table.put(state.id, { ...state, notes: this.grown(state) });
    });
  }

  /** Only the notes: the stored call keeps its own fields. */
  appendNotes(call: Call) {
    const state = call.snapshot();
    return this.db.access(() => {
      const stored = this.table.get(state.id);
      if (stored !== undefined) this.table.put(state.id, { ...stored, notes: this.grown(state) });
    });
  }

  /** The stored notes, then the call's notes not stored yet, in the call's order. */
  private grown(state: CallState) {
    const stored = this.table.get(state.id)?.notes ?? [];
    const known = new Set(stored.map((n) => n.eventId));
    return [...stored, ...state.notes.filter((n) => !known.has(n.eventId) && known.add(n.eventId))];
  }

  list(filter: CallFilter) {
    return this.rows.filter(
      (c) =>
        c.organisationId === filter.organisationId &&
        (filter.departmentId === undefined || c.departmentId === filter.departmentId) &&
        (filter.status === undefined || c.status === filter.status) &&
        (filter.statuses === undefined || filter.statuses.includes(c.status)) &&
        (filter.before === undefined || byText(c.id, filter.before) < 0),
      (a, b) => byText(b.id, a.id),
      filter.limit,
      filter.offset,
    );
  }
}
