import { Migration } from '@mikro-orm/migrations';

/** The dispatch board's map layer of an organisation (tile template or image, and bounds); none draws a grid. */
export class MapLayer extends Migration {
  override up(): void {
    this.addSql('alter table organisations add column map_layer jsonb null');
  }
}
