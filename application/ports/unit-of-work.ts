/** Names a value a unit of work keeps (`UnitOfWork.keep`): one key per kind of value, shared by who keeps and who asks. */
export class WorkKey<Value> {
  declare private readonly value?: Value;
  constructor(readonly name: string) {}
}

/**
 * Runs work atomically: every repository call made inside `run` joins one transaction, which
 * commits when the work returns and rolls back when it throws. A write and its audit entry are
 * always made inside one `run`.
 */
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Like `run`, and each `run` started directly inside `work` is a savepoint of it: when that
   * run throws, what it wrote and the effects it registered are undone alone, and the rest of
   * `work` goes on; everything left commits together when `work` returns. Runs deeper down join
   * their parent as usual. For work that wraps whole use cases (an idempotent request, decision 0085).
   */
  runWithSavepoints<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Inside `run`: calls `effect` once the outermost unit of work has committed, right after the
   * commit and in the order the effects were registered; never when it rolls back. Outside
   * `run` (nothing to wait for) it calls `effect` at once. An effect that throws is the
   * effect's own problem: the commit stands, and the remaining effects still run.
   */
  afterCommit(effect: () => void): void;
  /**
   * Inside `run`: runs `work` inside the transaction as its last step, once the outermost unit of
   * work's own work has returned and right before it commits, in the order registered; when it
   * throws, the unit of work rolls back. For a write that takes a held lock (a gapless number) and
   * should hold it for as few round trips as it can (decision 0147). A savepoint that rolls back
   * drops what it registered. Outside `run`: runs `work` at once. The promise settles when `work`
   * has run outside `run`, at once inside it.
   */
  beforeCommit(work: () => Promise<void>): Promise<void>;
  /**
   * Inside `run`: keeps `value` under `key` until the outermost unit of work ends, for later work
   * of the same unit of work to read instead of asking the store again. Outside `run`: keeps nothing.
   */
  keep<Value>(key: WorkKey<Value>, value: Value): void;
  /** What this unit of work keeps under `key`; undefined outside `run` or when nothing was kept. */
  kept<Value>(key: WorkKey<Value>): Value | undefined;
}
