import { Migration } from '@mikro-orm/migrations';

/**
 * An MDT hand-off that the player confirms in the game (decision 0095): the page that opened it
 * (keyed hashes of its pairing token and of its code) and when the game confirmed it.
 */
export class MdtConfirmation extends Migration {
  override up(): void {
    this.addSql(`alter table mdt_handoffs
      add column confirm_in_game boolean not null default false,
      add column opened_at timestamptz null,
      add column pairing_hash text null unique,
      add column code_hash text null,
      add column confirmed_at timestamptz null`);
    this.addSql(
      'create index mdt_handoffs_awaiting on mdt_handoffs (character_id, credential_id, opened_at) where confirmed_at is null and used_at is null',
    );
  }
}
