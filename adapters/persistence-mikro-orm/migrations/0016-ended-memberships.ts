import { Migration } from '@mikro-orm/migrations';

/**
 * A member removed from a department (decision 0140): the membership and its unit end rather than
 * being deleted, since calls, citations, arrests and the audit log name them. Only current rows
 * keep the uniqueness rules, so the character may be added again and the callsign given again;
 * the unique indexes keep the names the code knows (`membership`, `unit_callsign`), and the
 * membership's also serves the bridge gate's join, which asks for current memberships only.
 */
export class EndedMemberships extends Migration {
  override up(): void {
    this.addSql('alter table memberships add column ended_at timestamptz null');
    this.addSql('alter table memberships drop constraint membership');
    this.addSql('create unique index membership on memberships (department_id, character_id) where ended_at is null');
    this.addSql('alter table units add column ended_at timestamptz null');
    this.addSql('alter table units drop constraint unit_callsign');
    this.addSql('create unique index unit_callsign on units (department_id, callsign) where ended_at is null');
  }
}
