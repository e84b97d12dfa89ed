import { Migration } from '@mikro-orm/migrations';

/**
 * Players hold their own characters (issue 32): a character's owning person, whether it waits for
 * approval or is retired, and the civilian record that is it in the records system; the rules an
 * organisation sets for them; and the links a player started from the game, waiting to be confirmed.
 */
export class PlayerCharacters extends Migration {
  override up(): void {
    this.addSql('alter table characters add column owner_person_id uuid null references people (id)');
    this.addSql(
      "alter table characters add column status text not null default 'active' check (status in ('active', 'pending', 'retired'))",
    );
    this.addSql('alter table characters add column record_id uuid null references civilians (id)');
    this.addSql('create index characters_owner on characters (organisation_id, owner_person_id) where owner_person_id is not null');
    this.addSql('alter table organisations add column characters_per_person integer not null default 3 check (characters_per_person >= 0)');
    this.addSql('alter table organisations add column character_approval boolean not null default false');
    this.addSql('alter table organisations add column trusted_identity_link boolean not null default false');
    this.addSql(`create table pending_links (
      organisation_id uuid not null references organisations (id),
      code_hash text not null,
      identifiers jsonb not null,
      issued_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz null,
      primary key (organisation_id, code_hash)
    )`);
  }
}
