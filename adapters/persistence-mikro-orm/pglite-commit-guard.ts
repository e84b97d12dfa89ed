import { CommitRolledBack, commandOf } from './statements-sent-together.ts';

type Query = (text: string, ...rest: unknown[]) => Promise<unknown>;
interface PgliteTransaction {
  query: Query;
}
export interface PgliteTransactions {
  transaction<T>(work: (tx: PgliteTransaction) => Promise<T>): Promise<T>;
}

/**
 * PGlite's `transaction()` (which MikroORM's dialect runs every unit of work in) ends with `COMMIT`
 * whenever its work returns, and PostgreSQL answers the `COMMIT` of a transaction that has failed
 * with `ROLLBACK`, without an error, which PGlite does not report: a failure that the work caught
 * and went on from would pass for committed while nothing of it was written. Here a statement that
 * the server fails marks the transaction failed, a `rollback to` a savepoint clears it (that undid the
 * failure), and a failed transaction whose work returns ends in `CommitRolledBack` (PGlite then
 * rolls back) instead. The same rule as on PostgreSQL's connections (decision 0148).
 */
export function refuseCommitAfterFailure(pglite: PgliteTransactions): void {
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = <T>(work: (tx: PgliteTransaction) => Promise<T>) =>
    transaction(async (tx) => {
      let failed = false;
      const query = tx.query;
      tx.query = async (text, ...rest) => {
        try {
          const result = await query(text, ...rest);
          if (commandOf(text) === 'rollback to') failed = false;
          return result;
        } catch (error) {
          // A failure of the server (it has a SQLSTATE) aborts the transaction; one of PGlite's own
          // JavaScript after a statement that ran does not.
          if (typeof (error as { code?: unknown } | null)?.code === 'string') failed = true;
          throw error;
        }
      };
      const result = await work(tx);
      if (failed) throw new CommitRolledBack();
      return result;
    });
}
