import { Migration } from '@mikro-orm/migrations';

/** After how many minutes without a position the dispatch board greys a unit (two until an admin says otherwise). */
export class StaleUnitMinutes extends Migration {
  override up(): void {
    this.addSql(
      'alter table organisations add column stale_unit_minutes integer not null default 2 check (stale_unit_minutes between 1 and 1440)',
    );
  }
}
