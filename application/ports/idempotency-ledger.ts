/** An answer kept under an idempotency key: the request's fingerprint, and the answer's status and body (sealed by the transport: opaque here). */
export interface KeptAnswer {
  readonly fingerprint: string;
  readonly status: number;
  readonly body: string;
}

/** One key's entry: whose key (`scope`, a credential or an operator key), the key's hash, the answer, and how long it is kept. */
export interface IdempotencyEntry extends KeptAnswer {
  readonly scope: string;
  readonly keyHash: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/**
 * Where answers to requests sent with an `Idempotency-Key` are kept (decision 0085), in the same
 * store and the same unit of work as the writes they answer, so an answer is kept if and only if
 * its write committed.
 */
export interface IdempotencyLedger {
  /**
   * Inside a unit of work: takes the key for that unit of work until it ends, without waiting.
   * False when another unit of work, in this process or another one on the same store, holds it.
   */
  claim(scope: string, keyHash: string): Promise<boolean>;
  /** The answer kept under the key, unless it expired by `now`. */
  find(scope: string, keyHash: string, now: Date): Promise<KeptAnswer | null>;
  /**
   * Keeps the entry, replacing an expired one of the same key. Throws `UniqueConstraintViolation`
   * (`IDEMPOTENCY_KEY_RULE`) when an unexpired answer is kept under the key already.
   */
  keep(entry: IdempotencyEntry): Promise<void>;
  /** Deletes up to `limit` entries expired by `now`, passing over any a unit of work holds; says how many went. */
  purge(now: Date, limit: number): Promise<number>;
  /** How many entries are kept now, expired ones the purge has not reached included (the ledger's size, a metric). */
  size(): Promise<number>;
}

/** The uniqueness rule of the ledger: one unexpired answer per scope and key. */
export const IDEMPOTENCY_KEY_RULE = 'idempotency_keys_pkey';
