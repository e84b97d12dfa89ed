import { AsyncLocalStorage } from 'node:async_hooks';
import { type EntityManager, type MikroORM, UniqueConstraintViolationException } from '@mikro-orm/core';
import { UniqueConstraintViolation } from '../../application/ports/persistence-errors.ts';
import type { UnitOfWork } from '../../application/ports/unit-of-work.ts';

/** The effects an outermost unit of work runs once it commits; `settled` once it committed or rolled back. */
interface PendingEffects {
  readonly effects: Array<() => void>;
  settled: 'committed' | 'rolled back' | null;
}

/**
 * Hands repositories the right entity manager: inside `run`, the transaction's (MikroORM keeps
 * it in async context); outside, a fresh fork for one statement, so no identity map outlives a
 * call. Unique violations come out as the port's `UniqueConstraintViolation`, named after the
 * constraint.
 */
export class OrmSession implements UnitOfWork {
  /** Beside MikroORM's own transaction context: the effects of the outermost `run` in progress. */
  private readonly pending = new AsyncLocalStorage<PendingEffects>();

  constructor(private readonly orm: MikroORM) {}

  em(): EntityManager {
    const current = this.orm.em.getContext(false);
    return current === this.orm.em ? this.orm.em.fork() : current;
  }

  /** A `run` inside a `run` joins its transaction (`required`); only the outermost runs the effects. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const transaction = () => this.orm.em.transactional(() => work(), { propagation: 'required' });
    if (this.pending.getStore()?.settled === null) return transaction();
    const pending: PendingEffects = { effects: [], settled: null };
    let result: T;
    try {
      result = await this.pending.run(pending, transaction);
    } catch (error) {
      pending.settled = 'rolled back';
      throw error;
    }
    pending.settled = 'committed';
    runEffects(pending.effects);
    return result;
  }

  afterCommit(effect: () => void): void {
    const pending = this.pending.getStore();
    if (pending?.settled === null) pending.effects.push(effect);
    else if (pending?.settled !== 'rolled back') runEffects([effect]);
  }

  /** Runs a write and names the unique rule it broke, if it broke one. */
  async write<T>(operation: (em: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await operation(this.em());
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        const constraint = (error as unknown as { constraint?: string }).constraint ?? 'unknown';
        throw new UniqueConstraintViolation(constraint);
      }
      throw error;
    }
  }
}

/**
 * Calls each effect in order. An effect that throws (or, if async, rejects) is its own problem:
 * the commit stands and the later effects still run, so the error is deliberately dropped here.
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
