import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import {
  IDEMPOTENCY_KEY_RULE,
  type IdempotencyEntry,
  type IdempotencyLedger,
  type KeptAnswer,
} from '../../../application/ports/idempotency-ledger.ts';
import { UniqueConstraintViolation } from '../../../application/ports/persistence-errors.ts';
import type { OrmSession } from '../orm-session.ts';
import { rawBoolean, rawNumber } from '../raw-values.ts';

/**
 * The claim is a transaction-scoped advisory lock, tried without waiting: it is shared by every
 * instance on the database, ends with the transaction, and a second request sees at once that the
 * first still runs. The hash is 64 bits, so two keys share a lock only by a vanishing chance (a
 * spurious 409 at worst).
 */
const CLAIM = 'select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as claimed';
const FIND = 'select fingerprint, status, body from idempotency_keys where scope = ? and key_hash = ? and expires_at > ?';
/** An expired entry of the key is replaced; an unexpired one stays, and no row comes back. */
const KEEP = `insert into idempotency_keys (scope, key_hash, fingerprint, status, body, created_at, expires_at)
  values (?, ?, ?, ?, ?, ?, ?)
  on conflict (scope, key_hash) do update set fingerprint = excluded.fingerprint, status = excluded.status, body = excluded.body,
    created_at = excluded.created_at, expires_at = excluded.expires_at
  where idempotency_keys.expires_at <= excluded.created_at
  returning 1 as kept`;
/** Rows a write holds are passed over (`skip locked`): the sweep never makes a write wait. */
const PURGE = `with gone as (
    delete from idempotency_keys where ctid = any(array(
      select ctid from idempotency_keys where expires_at <= ? limit ? for update skip locked))
    returning 1)
  select count(*) as purged from gone`;

export class MikroOrmIdempotencyLedger implements IdempotencyLedger {
  constructor(private readonly session: OrmSession) {}

  private get em(): SqlEntityManager {
    return this.session.em() as unknown as SqlEntityManager;
  }

  async claim(scope: string, keyHash: string): Promise<boolean> {
    const [row] = await this.em.execute<Array<{ claimed: unknown }>>(CLAIM, [`${scope}\n${keyHash}`]);
    return rawBoolean(row?.claimed) === true;
  }

  async find(scope: string, keyHash: string, now: Date): Promise<KeptAnswer | null> {
    const [row] = await this.em.execute<Array<{ fingerprint: string; status: unknown; body: string }>>(FIND, [scope, keyHash, now]);
    return row === undefined ? null : { fingerprint: row.fingerprint, status: rawNumber(row.status), body: row.body };
  }

  async keep(entry: IdempotencyEntry): Promise<void> {
    const { scope, keyHash, fingerprint, status, body, createdAt, expiresAt } = entry;
    const rows = await this.em.execute<unknown[]>(KEEP, [scope, keyHash, fingerprint, status, body, createdAt, expiresAt]);
    if (rows.length === 0) throw new UniqueConstraintViolation(IDEMPOTENCY_KEY_RULE);
  }

  async size(): Promise<number> {
    const [row] = await this.em.execute<Array<{ size: unknown }>>('select count(*) as size from idempotency_keys');
    return rawNumber(row?.size);
  }

  async purge(now: Date, limit: number): Promise<number> {
    const [row] = await this.em.execute<Array<{ purged: unknown }>>(PURGE, [now, limit]);
    return rawNumber(row?.purged);
  }
}
