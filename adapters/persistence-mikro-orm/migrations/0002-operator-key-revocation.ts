import { Migration } from '@mikro-orm/migrations';

/** Operator keys can be revoked: a leaked key must stop working without deleting its history. */
export class OperatorKeyRevocation extends Migration {
  override up(): void {
    this.addSql('alter table operator_keys add column revoked_at timestamptz null');
    this.addSql('create index operator_keys_organisation on operator_keys (organisation_id, id)');
  }
}
