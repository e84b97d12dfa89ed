import { Migration } from '@mikro-orm/migrations';

/**
 * People who use the CAD's screens: their accounts, sign-in methods, memberships of organisations
 * with a role, browser sessions and invitations. Unique constraints carry the names the ports
 * promise in `UniqueConstraintViolation` (people_username, sign_in_methods_subject).
 */
export class People extends Migration {
  override up(): void {
    this.addSql(`create table people (
      id uuid primary key,
      display_name text not null,
      username text null,
      status text not null check (status in ('active', 'pending', 'disabled')),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint people_username unique (username)
    )`);
    this.addSql(`create table sign_in_methods (
      person_id uuid not null references people (id),
      kind text not null,
      subject text not null,
      secret text not null,
      created_at timestamptz not null,
      primary key (person_id, kind, subject),
      constraint sign_in_methods_subject unique (kind, subject)
    )`);
    this.addSql(`create table person_memberships (
      person_id uuid not null references people (id),
      organisation_id uuid not null references organisations (id),
      role text not null check (role in ('owner', 'admin', 'supervisor', 'dispatcher', 'officer', 'civilian')),
      since timestamptz not null,
      primary key (person_id, organisation_id)
    )`);
    this.addSql(`create index person_memberships_organisation on person_memberships (organisation_id, since)`);
    this.addSql(`create table browser_sessions (
      id_hash text primary key,
      person_id uuid not null references people (id),
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      idle_until timestamptz not null,
      expires_at timestamptz not null,
      ended_at timestamptz null,
      user_agent text not null
    )`);
    this.addSql(`create index browser_sessions_person on browser_sessions (person_id)`);
    this.addSql(`create table invitations (
      token_hash text primary key,
      organisation_id uuid not null references organisations (id),
      role text not null check (role in ('owner', 'admin', 'supervisor', 'dispatcher', 'officer', 'civilian')),
      invited_by text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz null,
      used_by uuid null references people (id)
    )`);
  }
}
