import { Migration } from '@mikro-orm/migrations';

/**
 * How people without an invitation join an organisation (invitation only until an admin says
 * otherwise), and the role sets an organisation changed from the defaults (none: the defaults).
 */
export class JoinRulesAndRoles extends Migration {
  override up(): void {
    this.addSql(
      "alter table organisations add column join_rule text not null default 'invitation' check (join_rule in ('invitation', 'approval', 'open'))",
    );
    this.addSql("alter table organisations add column role_overrides jsonb not null default '{}'::jsonb");
  }
}
