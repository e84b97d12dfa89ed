import {
  IDEMPOTENCY_KEY_RULE,
  type IdempotencyEntry,
  type IdempotencyLedger,
  type KeptAnswer,
} from '../../application/ports/idempotency-ledger.ts';
import { UniqueConstraintViolation } from '../../application/ports/persistence-errors.ts';
import type { MemoryDatabase, MemoryTable } from './memory-database.ts';

const idOf = (scope: string, keyHash: string) => `${scope}\n${keyHash}`;

/** The ledger in process memory. Its units of work run one at a time, so a claim made inside one always succeeds. */
export class MemoryIdempotencyLedger implements IdempotencyLedger {
  private readonly entries: MemoryTable<IdempotencyEntry>;

  constructor(private readonly db: MemoryDatabase) {
    this.entries = db.table<IdempotencyEntry>('idempotency_keys');
  }

  claim(): Promise<boolean> {
    return this.db.access(() => true);
  }

  find(scope: string, keyHash: string, now: Date): Promise<KeptAnswer | null> {
    return this.db.access(() => {
      const entry = this.entries.get(idOf(scope, keyHash));
      if (entry === undefined || entry.expiresAt <= now) return null;
      return { fingerprint: entry.fingerprint, status: entry.status, body: entry.body };
    });
  }

  keep(entry: IdempotencyEntry): Promise<void> {
    return this.db.access(() => {
      const id = idOf(entry.scope, entry.keyHash);
      const existing = this.entries.get(id);
      if (existing !== undefined && existing.expiresAt > entry.createdAt) throw new UniqueConstraintViolation(IDEMPOTENCY_KEY_RULE);
      this.entries.put(id, entry);
    });
  }

  size(): Promise<number> {
    return this.db.access(() => this.entries.filter(() => true).length);
  }

  purge(now: Date, limit: number): Promise<number> {
    return this.db.access(() => {
      const expired = this.entries.filter((entry) => entry.expiresAt <= now).slice(0, limit);
      for (const entry of expired) this.entries.delete(idOf(entry.scope, entry.keyHash));
      return expired.length;
    });
  }
}
