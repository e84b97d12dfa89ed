import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import { IDEMPOTENCY_KEY_RULE, type KeptAnswer } from '../ports/idempotency-ledger.ts';
import { UniqueConstraintViolation } from '../ports/persistence-errors.ts';
import type { Ports } from '../ports/port-catalogue.ts';

/** How long an answer is kept under its key: a day, as the IETF draft suggests and Stripe does. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How often, at most, one process sweeps expired keys (after a keyed write's commit). */
export const PURGE_INTERVAL_MS = 10 * 60 * 1000;
/** The most expired keys one statement of a sweep deletes. */
export const PURGE_BATCH = 1000;
/**
 * The most batches one sweep runs, while each comes back full: 100,000 keys every ten minutes, 14.4
 * million a day per process, far beyond the keyed writes the rate limits allow a community's
 * credentials (reads and heartbeats keep no key; decision 0105).
 */
export const PURGE_BATCHES_PER_SWEEP = 100;

/** An answer to keep: its status and its body, sealed by the transport. */
export type Answer = Omit<KeptAnswer, 'fingerprint'>;

export interface RunOnceInput {
  /** Whose key it is: a credential or an operator key. Keys of one scope are never seen from another. */
  readonly scope: string;
  readonly keyHash: string;
  /** What the request asked, as a digest: the same key with another request is refused. */
  readonly fingerprint: string;
  /**
   * The request's work, run in the same unit of work as the keeping of its answer. Throwing
   * (a 5xx) keeps nothing and undoes everything it wrote, so a retry runs it again.
   */
  readonly work: () => Promise<Answer>;
}

export interface RunOnceValue {
  /** True when the answer is the one kept from an earlier request with the key; nothing ran. */
  readonly replayed: boolean;
  readonly answer: Answer;
}

export type RunOnceRefusal = 'key_in_use' | 'key_reused';

/**
 * Runs a request sent with an `Idempotency-Key` at most once (decision 0085): the first one runs
 * and its answer is kept with the key in the same unit of work as its writes; a later one with
 * the same request gets that answer back and runs nothing; one with another request is
 * `key_reused`; one that arrives while the first still runs is `key_in_use`. Each run that the
 * work starts is a savepoint of the unit of work, so a refusal undoes its own writes only.
 */
export class RunOnce {
  private lastPurge = Number.NEGATIVE_INFINITY;

  constructor(private readonly ports: Pick<Ports, 'uow' | 'idempotency' | 'clock'>) {}

  async execute(input: RunOnceInput): Promise<Outcome<RunOnceValue, RunOnceRefusal>> {
    const { uow, idempotency, clock } = this.ports;
    try {
      return await uow.runWithSavepoints(async (): Promise<Outcome<RunOnceValue, RunOnceRefusal>> => {
        if (!(await idempotency.claim(input.scope, input.keyHash))) return refuse('key_in_use');
        const now = clock.now();
        const kept = await idempotency.find(input.scope, input.keyHash, now);
        if (kept !== null) {
          if (kept.fingerprint !== input.fingerprint) return refuse('key_reused');
          return accept({ replayed: true, answer: { status: kept.status, body: kept.body } });
        }
        const answer = await input.work();
        await idempotency.keep({
          scope: input.scope,
          keyHash: input.keyHash,
          fingerprint: input.fingerprint,
          ...answer,
          createdAt: now,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        });
        uow.afterCommit(() => this.sweep());
        return accept({ replayed: false, answer });
      });
    } catch (error) {
      // Another request with the key committed first (the store's backstop to the claim): its answer stands.
      if (error instanceof UniqueConstraintViolation && error.constraint === IDEMPOTENCY_KEY_RULE) return refuse('key_in_use');
      throw error;
    }
  }

  /**
   * Deletes expired keys now and then, outside any unit of work and without being waited for:
   * the answer has gone already, and the sweep passes over rows a write holds. A sweep that
   * fails is reported (the unit of work reports an effect that rejects) and leaves the rows to
   * the next one; expired keys are never replayed meanwhile.
   */
  private sweep(): Promise<number> | undefined {
    const now = this.ports.clock.now();
    if (now.getTime() - this.lastPurge < PURGE_INTERVAL_MS) return undefined;
    this.lastPurge = now.getTime();
    return this.drain(now);
  }

  /** Batch after batch while each comes back full: a backlog is gone in one sweep, not one batch a sweep. */
  private async drain(now: Date): Promise<number> {
    let purged = 0;
    for (let batch = 0; batch < PURGE_BATCHES_PER_SWEEP; batch++) {
      const deleted = await this.ports.idempotency.purge(now, PURGE_BATCH);
      purged += deleted;
      if (deleted < PURGE_BATCH) break;
    }
    return purged;
  }
}
