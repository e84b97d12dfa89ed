import { AsyncLocalStorage } from 'node:async_hooks';
import { Mutex } from 'async-mutex';
import { UniqueConstraintViolation } from '../../application/ports/persistence-errors.ts';
import type { UnitOfWork, WorkKey } from '../../application/ports/unit-of-work.ts';
import { CommitEffects } from '../commit-effects/index.ts';

interface Transaction {
  readonly undo: Array<() => void>;
  /** Effects waiting for the commit; closed once it committed or rolled back. */
  readonly effects: CommitEffects;
}

/** A unique rule of a table: rows with the same non-null key may not coexist. */
export type UniqueRule<Row> = { readonly name: string; readonly key: (row: Row) => string | null };

/**
 * Tables in process memory with the guarantees the database adapters give: transactions are
 * serialisable (one at a time, under a mutex) and roll back from an undo log when they throw;
 * unique rules are enforced on every write. Reads and writes outside a transaction wait for the
 * running one, so nothing uncommitted is ever seen.
 */
export class MemoryDatabase implements UnitOfWork {
  private readonly mutex = new Mutex();
  private readonly context = new AsyncLocalStorage<Transaction>();
  /** True directly inside `runWithSavepoints`: the next `run` there is a savepoint. */
  private readonly savepoints = new AsyncLocalStorage<boolean>();
  private readonly tables = new Map<string, MemoryTable<unknown>>();
  private written = 0;

  table<Row>(name: string, uniques: readonly UniqueRule<Row>[] = []): MemoryTable<Row> {
    let table = this.tables.get(name) as MemoryTable<Row> | undefined;
    if (!table) {
      table = new MemoryTable<Row>(uniques, (undo) => {
        this.written += 1;
        const transaction = this.context.getStore();
        if (transaction?.effects.isOpen) transaction.undo.push(undo);
      });
      this.tables.set(name, table as MemoryTable<unknown>);
    }
    return table;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    const open = this.context.getStore();
    if (open?.effects.isOpen) return this.savepoints.getStore() === true ? this.savepoint(open, work) : work();
    return this.mutex.runExclusive(async () => {
      const transaction: Transaction = { undo: [], effects: new CommitEffects() };
      let result: T;
      try {
        result = await this.context.run(transaction, async () => {
          const returned = await work();
          await transaction.effects.runFinals();
          return returned;
        });
      } catch (error) {
        transaction.effects.rolledBack();
        for (const undo of transaction.undo.reverse()) undo();
        throw error;
      }
      // Committed. The effects run outside the transaction's context (a read in one waits for the
      // mutex, so it sees the commit) but before the mutex passes on: effects of transactions go
      // out in commit order.
      transaction.effects.committed();
      return result;
    });
  }

  runWithSavepoints<T>(work: () => Promise<T>): Promise<T> {
    return this.savepoints.run(true, () => this.run(work));
  }

  /** A run inside `runWithSavepoints`: when it throws, its own part of the undo log is played back, and its effects dropped. */
  private async savepoint<T>(transaction: Transaction, work: () => Promise<T>): Promise<T> {
    const undoFrom = transaction.undo.length;
    const mark = transaction.effects.mark();
    try {
      return await this.savepoints.run(false, work);
    } catch (error) {
      for (const undo of transaction.undo.splice(undoFrom).reverse()) undo();
      transaction.effects.rollBackTo(mark);
      throw error;
    }
  }

  afterCommit(effect: () => void): void {
    CommitEffects.register(this.context.getStore()?.effects, effect);
  }

  beforeCommit(work: () => Promise<void>): Promise<void> {
    return CommitEffects.beforeCommit(this.context.getStore()?.effects, work);
  }

  keep<Value>(key: WorkKey<Value>, value: Value): void {
    CommitEffects.keep(this.context.getStore()?.effects, key, value);
  }

  kept<Value>(key: WorkKey<Value>): Value | undefined {
    return CommitEffects.kept(this.context.getStore()?.effects, key) as Value | undefined;
  }

  /** Every table's rows, as committed: for inspecting the store (tests, debugging). */
  snapshot(): Promise<Record<string, unknown[]>> {
    return this.access(() => Object.fromEntries([...this.tables].map(([name, table]) => [name, table.all()])));
  }

  /**
   * How many rows were written (put or deleted) since the store opened, whether or not their
   * transaction committed: for inspecting the store (tests, debugging), as cheaply as a counter.
   */
  rowsWritten(): number {
    return this.written;
  }

  /** One statement: inside a transaction it joins it, outside it waits for the running one. */
  async access<T>(operation: () => T): Promise<T> {
    if (this.context.getStore()?.effects.isOpen) return operation();
    return this.mutex.runExclusive(operation);
  }
}

export class MemoryTable<Row> {
  private readonly rows = new Map<string, Row>();

  constructor(
    private readonly uniques: readonly UniqueRule<Row>[],
    private readonly remember: (undo: () => void) => void,
  ) {}

  get(id: string): Row | undefined {
    return this.rows.get(id);
  }

  all(): Row[] {
    return [...this.rows.values()];
  }

  find(predicate: (row: Row) => boolean): Row | undefined {
    for (const row of this.rows.values()) if (predicate(row)) return row;
    return undefined;
  }

  filter(predicate: (row: Row) => boolean): Row[] {
    return this.all().filter(predicate);
  }

  put(id: string, row: Row): void {
    for (const rule of this.uniques) {
      const key = rule.key(row);
      if (key === null) continue;
      const clash = this.find((other) => other !== this.rows.get(id) && rule.key(other) === key);
      if (clash !== undefined) throw new UniqueConstraintViolation(rule.name);
    }
    this.restoreLater(id);
    this.rows.set(id, row);
  }

  delete(id: string): void {
    this.restoreLater(id);
    this.rows.delete(id);
  }

  private restoreLater(id: string): void {
    const had = this.rows.has(id);
    const previous = this.rows.get(id);
    this.remember(() => (had ? this.rows.set(id, previous as Row) : this.rows.delete(id)));
  }
}
