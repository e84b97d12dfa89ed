import { Migration } from '@mikro-orm/migrations';

/**
 * Answers kept under an `Idempotency-Key` (decision 0085): one row per scope (a credential or an
 * operator key) and key hash, written in the transaction of the write it answers. The index on
 * `expires_at` lets the sweep find expired rows without reading the table.
 */
export class IdempotencyKeys extends Migration {
  override up(): void {
    this.addSql(`create table idempotency_keys (
      scope text not null,
      key_hash text not null,
      fingerprint text not null,
      status smallint not null,
      body text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      constraint idempotency_keys_pkey primary key (scope, key_hash)
    )`);
    this.addSql('create index idempotency_keys_expires_at on idempotency_keys (expires_at)');
  }
}
