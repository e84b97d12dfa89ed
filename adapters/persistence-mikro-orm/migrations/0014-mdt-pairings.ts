import { Migration } from '@mikro-orm/migrations';

/**
 * Pairings that MDT pages start (decision 0108): keyed hashes of the page's pairing token and of the
 * code it shows, one pairing per code, until a player types it in the game or it lapses.
 */
export class MdtPairings extends Migration {
  override up(): void {
    this.addSql(`create table mdt_pairings (
      pairing_hash text primary key,
      code_hash text not null constraint mdt_pairings_code_hash_key unique,
      opened_at timestamptz not null,
      expires_at timestamptz not null)`);
    this.addSql('create index mdt_pairings_expires_at on mdt_pairings (expires_at)');
  }
}
