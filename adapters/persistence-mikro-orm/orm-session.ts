import { AsyncLocalStorage } from 'node:async_hooks';
import { type EntityManager, type MikroORM, UniqueConstraintViolationException } from '@mikro-orm/core';
import { UniqueConstraintViolation } from '../../application/ports/persistence-errors.ts';
import type { UnitOfWork, WorkKey } from '../../application/ports/unit-of-work.ts';
import { CommitEffects } from '../commit-effects/index.ts';
import { type PgResult, sentWithTheNext, sentWithTheNextAnswered } from './statements-sent-together.ts';

/** PostgreSQL's code for a unique violation, as `pg` reports it on a statement MikroORM did not send itself (a `commit`). */
const UNIQUE_VIOLATION = '23505';

/** A unique violation, from MikroORM or straight from the driver, as the port's error; anything else as it is. */
function asPortError(error: unknown): unknown {
  if (error instanceof UniqueConstraintViolationException || (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION) {
    const constraint = (error as { constraint?: string }).constraint ?? 'unknown';
    return new UniqueConstraintViolation(constraint);
  }
  return error;
}

/**
 * Hands repositories the right entity manager: inside `run`, the transaction's (MikroORM keeps
 * it in async context); outside, a fresh fork for one statement, so no identity map outlives a
 * call. Unique violations come out as the port's `UniqueConstraintViolation`, named after the
 * constraint.
 */
export class OrmSession implements UnitOfWork {
  /** Beside MikroORM's own transaction context: the effects of the outermost `run` in progress. */
  private readonly pending = new AsyncLocalStorage<CommitEffects>();
  /** True directly inside `runWithSavepoints`: the next `run` there is a savepoint. */
  private readonly savepoints = new AsyncLocalStorage<boolean>();

  /**
   * @param sendsTogether whether the store's connections hold a write for the transaction's next
   * statement (`sendStatementsTogether`, PostgreSQL); elsewhere `held` writes go at once.
   */
  constructor(
    private readonly orm: MikroORM,
    private readonly sendsTogether = false,
  ) {}

  em(): EntityManager {
    const current = this.orm.em.getContext(false);
    return current === this.orm.em ? this.orm.em.fork() : current;
  }

  /** Whether a `run` is in progress in this async context (its transaction holds the connection). */
  get inUnitOfWork(): boolean {
    return this.orm.em.getContext(false) !== this.orm.em;
  }

  /** A `run` inside a `run` joins its transaction (`required`); only the outermost runs the effects. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const transaction = () => this.orm.em.transactional(() => work(), { propagation: 'required' });
    const open = this.pending.getStore();
    if (open?.isOpen) return this.savepoints.getStore() === true ? this.savepoint(open, work) : transaction();
    const pending = new CommitEffects();
    let result: T;
    try {
      // The outermost transaction's last step, before its commit: the work registered with beforeCommit.
      const outermost = () =>
        this.orm.em.transactional(
          async () => {
            const returned = await work();
            await pending.runFinals();
            return returned;
          },
          { propagation: 'required' },
        );
      result = await this.pending.run(pending, outermost);
    } catch (error) {
      pending.rolledBack();
      // A held write's unique violation is reported by the statement it went with, often the commit.
      throw asPortError(error);
    }
    pending.committed();
    return result;
  }

  runWithSavepoints<T>(work: () => Promise<T>): Promise<T> {
    return this.savepoints.run(true, () => this.run(work));
  }

  /** A run inside `runWithSavepoints`: MikroORM's nested transaction (a SAVEPOINT), and the effects since it, undone if it throws. */
  private async savepoint<T>(open: CommitEffects, work: () => Promise<T>): Promise<T> {
    const mark = open.mark();
    try {
      return await this.savepoints.run(false, () => this.orm.em.transactional(() => work(), { propagation: 'nested' }));
    } catch (error) {
      open.rollBackTo(mark);
      throw asPortError(error);
    }
  }

  afterCommit(effect: () => void): void {
    CommitEffects.register(this.pending.getStore(), effect);
  }

  beforeCommit(work: () => Promise<void>): Promise<void> {
    return CommitEffects.beforeCommit(this.pending.getStore(), work);
  }

  keep<Value>(key: WorkKey<Value>, value: Value): void {
    CommitEffects.keep(this.pending.getStore(), key, value);
  }

  kept<Value>(key: WorkKey<Value>): Value | undefined {
    return CommitEffects.kept(this.pending.getStore(), key) as Value | undefined;
  }

  /** Runs a write and names the unique rule it broke, if it broke one. */
  async write<T>(operation: (em: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await operation(this.em());
    } catch (error) {
      throw asPortError(error);
    }
  }

  /**
   * A write whose answer nothing reads (an upsert, an insert, an audit entry): inside a unit of work
   * on PostgreSQL it is held and sent with the transaction's next statement or its commit, one round
   * trip for all of them (decision 0148). Its failure, a unique violation too, comes out of `run`.
   */
  held<T>(work: () => Promise<T>): Promise<T> {
    return this.sendsTogether && this.inUnitOfWork ? sentWithTheNext(work) : work();
  }

  /**
   * One held statement whose result the caller reads after the commit (decision 0150): null where
   * nothing is held (outside a unit of work, or a store that sends each statement at once), and the
   * caller runs its statement as usual.
   */
  heldAnswered<T>(work: () => Promise<T>): { readonly sent: Promise<T>; readonly answer: Promise<PgResult> } | null {
    return this.sendsTogether && this.inUnitOfWork ? sentWithTheNextAnswered(work) : null;
  }
}
