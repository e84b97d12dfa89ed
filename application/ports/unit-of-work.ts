/**
 * Runs work atomically: every repository call made inside `run` joins one transaction, which
 * commits when the work returns and rolls back when it throws. A write and its audit entry are
 * always made inside one `run`.
 */
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Inside `run`: calls `effect` once the outermost unit of work has committed, right after the
   * commit and in the order the effects were registered; never when it rolls back. Outside
   * `run` (nothing to wait for) it calls `effect` at once. An effect that throws is the
   * effect's own problem: the commit stands, and the remaining effects still run.
   */
  afterCommit(effect: () => void): void;
}
