/**
 * Runs work atomically: every repository call made inside `run` joins one transaction, which
 * commits when the work returns and rolls back when it throws. A write and its audit entry are
 * always made inside one `run`.
 */
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
}
