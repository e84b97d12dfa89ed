import { Migration } from '@mikro-orm/migrations';

/**
 * A generated bootstrap key is stored before it is printed; until the printing is confirmed it is
 * marked as awaiting display, so that a start that failed in between can say so (decision 0030).
 * Keys that exist already were shown, or were never meant to be: none is marked.
 */
export class BootstrapKeyDisplay extends Migration {
  override up(): void {
    this.addSql('alter table operator_keys add column awaiting_display boolean not null default false');
  }
}
