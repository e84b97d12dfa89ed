import { Migration } from '@mikro-orm/migrations';

/**
 * Record search pages through an organisation's civilians, vehicles and warrants in id order
 * (keyset: `organisation_id = ? and id > ? order by id limit ?`); these indexes serve the walk.
 * A vehicle search by owner goes through the owner's vehicles.
 */
export class RecordSearch extends Migration {
  override up(): void {
    this.addSql(`create index civilians_listing on civilians (organisation_id, id)`);
    this.addSql(`create index vehicles_listing on vehicles (organisation_id, id)`);
    this.addSql(`create index vehicles_owner on vehicles (owner_civilian_id, id) where owner_civilian_id is not null`);
    this.addSql(`create index warrants_listing on warrants (organisation_id, id)`);
  }
}
