import { Migration } from '@mikro-orm/migrations';

/**
 * The MDT sessions their officers signed out (decision 0108): read on every MDT request, each kept
 * until the session would have expired, then purged by its expiry.
 */
export class EndedMdtSessions extends Migration {
  override up(): void {
    this.addSql('create table ended_mdt_sessions (session_id text primary key, until timestamptz not null)');
    this.addSql('create index ended_mdt_sessions_until on ended_mdt_sessions (until)');
  }
}
