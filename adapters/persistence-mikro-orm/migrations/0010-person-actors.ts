import { Migration } from '@mikro-orm/migrations';

/** A signed-in person acts in their own name: the audit log's actor and a call note's author may be a person. */
export class PersonActors extends Migration {
  override up(): void {
    this.addSql('alter table audit_entries drop constraint audit_entries_actor_kind_check');
    this.addSql(
      "alter table audit_entries add constraint audit_entries_actor_kind_check check (actor_kind in ('credential', 'operator', 'person', 'system'))",
    );
    this.addSql('alter table call_notes drop constraint call_notes_author_kind_check');
    this.addSql(
      "alter table call_notes add constraint call_notes_author_kind_check check (author_kind in ('unit', 'credential', 'operator', 'person'))",
    );
  }
}
