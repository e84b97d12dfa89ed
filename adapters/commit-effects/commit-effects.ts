/** A savepoint's place in the effects and values of its unit of work. */
export interface EffectsMark {
  readonly effects: number;
  readonly finals: number;
  readonly values: ReadonlyMap<object, unknown>;
}

/**
 * What both stores do for `UnitOfWork.afterCommit`: the outermost unit of work keeps the effects
 * registered inside it and runs them, in order, once it has committed; a rollback drops them.
 */
export class CommitEffects {
  private readonly effects: Array<() => void> = [];
  /** Work to run inside the transaction right before it commits (`UnitOfWork.beforeCommit`). */
  private readonly finals: Array<() => Promise<void>> = [];
  /** What the unit of work keeps for its own later work (`UnitOfWork.keep`), by key. */
  private readonly values = new Map<object, unknown>();
  /** Null while the unit of work is open. */
  private settled: 'committed' | 'rolled back' | null = null;

  get isOpen(): boolean {
    return this.settled === null;
  }

  /**
   * Inside an open unit of work the effect waits for its commit. After a commit (a leftover of
   * that unit of work) or outside any, it runs at once; after a rollback, never.
   */
  static register(scope: CommitEffects | undefined, effect: () => void): void {
    if (scope?.isOpen) scope.effects.push(effect);
    else if (scope?.settled !== 'rolled back') runEffects([effect]);
  }

  /** Inside an open unit of work the work waits for its last step; outside any, it runs at once. */
  static beforeCommit(scope: CommitEffects | undefined, work: () => Promise<void>): Promise<void> {
    if (scope?.isOpen) {
      scope.finals.push(work);
      return Promise.resolve();
    }
    return work();
  }

  /** The unit of work's last step, inside its transaction: the registered work, in order (work may register more). */
  async runFinals(): Promise<void> {
    for (let i = 0; i < this.finals.length; i++) await this.finals[i]!();
  }

  /** Keeps a value while the unit of work is open; a settled one keeps nothing. */
  static keep(scope: CommitEffects | undefined, key: object, value: unknown): void {
    if (scope?.isOpen) scope.values.set(key, value);
  }

  static kept(scope: CommitEffects | undefined, key: object): unknown {
    return scope?.isOpen ? scope.values.get(key) : undefined;
  }

  /** Where the unit of work stands now, for a savepoint to come back to. */
  mark(): EffectsMark {
    return { effects: this.effects.length, finals: this.finals.length, values: new Map(this.values) };
  }

  /** A savepoint rolled back: the effects registered and the values kept since `mark` are dropped. */
  rollBackTo(mark: EffectsMark): void {
    this.effects.length = mark.effects;
    this.finals.length = mark.finals;
    this.values.clear();
    for (const [key, value] of mark.values) this.values.set(key, value);
  }

  rolledBack(): void {
    this.settled = 'rolled back';
  }

  committed(): void {
    this.settled = 'committed';
    runEffects(this.effects);
  }
}

/**
 * Calls each effect in order. An effect that throws (or, if async, rejects) does not undo the
 * commit nor stop the later effects. The service reports such failures before they reach here
 * (its unit of work wraps every effect: `ReportedEffects`); this is the store's last guard.
 */
function runEffects(effects: readonly (() => void)[]): void {
  for (const effect of effects) {
    try {
      const returned: unknown = effect();
      if (returned instanceof Promise) returned.catch(() => {});
    } catch {
      // The effect's own problem; see above.
    }
  }
}
