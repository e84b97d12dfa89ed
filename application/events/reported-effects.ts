import type { ProblemLog } from '../ports/problem-log.ts';
import type { UnitOfWork, WorkKey } from '../ports/unit-of-work.ts';

/**
 * The unit of work every use case is given: as the store's, but an effect after commit that throws
 * (or rejects) is reported, not lost. The commit stands and the later effects still run.
 */
export class ReportedEffects implements UnitOfWork {
  constructor(
    private readonly store: UnitOfWork,
    private readonly problems: ProblemLog,
  ) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.store.run(work);
  }

  runWithSavepoints<T>(work: () => Promise<T>): Promise<T> {
    return this.store.runWithSavepoints(work);
  }

  afterCommit(effect: () => void): void {
    this.store.afterCommit(() => {
      try {
        const returned: unknown = effect();
        if (returned instanceof Promise) returned.catch((error: unknown) => this.problems.report('an effect after commit failed', error));
      } catch (error) {
        this.problems.report('an effect after commit failed', error);
      }
    });
  }

  beforeCommit(work: () => Promise<void>): Promise<void> {
    return this.store.beforeCommit(work);
  }

  keep<Value>(key: WorkKey<Value>, value: Value): void {
    this.store.keep(key, value);
  }

  kept<Value>(key: WorkKey<Value>): Value | undefined {
    return this.store.kept(key);
  }
}
