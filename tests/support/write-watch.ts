import type { Persistence } from '../../application/ports/persistence.ts';
import { type StatementLog, openStatementLog } from './statement-log.ts';

/** A store the tests can look into: its whole dump, and for memory its count of rows written. */
export type InspectableStore = Persistence & {
  snapshot(): Promise<Record<string, unknown[]>>;
  rowsWritten?(): number;
};

/**
 * A statement that changes data or schema, alone or among statements sent together (decision
 * 0148), or inside a data-modifying `with`: `select ... for update` is a read.
 */
const MODIFYING = /(^|;|\()\s*(insert|update|delete|merge|truncate|create|drop|alter)\s/i;

/**
 * The process's one statement log, opened as this module loads: it wraps the drivers' `query` and
 * PGlite's `transaction`, and a store wraps them again per connection when it opens (the commit
 * guard, the statements sent together), so the log must be in place before any store opens.
 */
const log: StatementLog = openStatementLog();

/**
 * What `action` wrote to the store, judged without dumping it: on PGlite and PostgreSQL the
 * data-modifying statements that reached the database while it ran (every statement goes through
 * the drivers' `query`, tests/support/statement-log.ts), in memory the rows the tables wrote. Run one
 * request at a time: anything else that writes meanwhile counts too, as it would in a dump.
 */
export async function writesDuring<T>(store: InspectableStore, action: () => Promise<T>): Promise<{ value: T; writes: string[] }> {
  if (store.rowsWritten !== undefined) {
    const before = store.rowsWritten();
    const value = await action();
    const written = store.rowsWritten() - before;
    return { value, writes: Array.from({ length: written }, (_, i) => `row ${i + 1} written in memory`) };
  }
  let value: T | undefined;
  const sent = await log.during(async () => {
    value = await action();
  });
  return { value: value as T, writes: sent.filter((sql) => MODIFYING.test(sql)) };
}
