import { Migration } from '@mikro-orm/migrations';

/**
 * The foundation schema. Unique constraints carry the names the repository ports promise in
 * `UniqueConstraintViolation` (department_slug, membership, unit_callsign, vehicle_plate,
 * release_version, bootstrap_key, operator_key_hash, membership_unit).
 */
export class Foundation extends Migration {
  override up(): void {
    this.addSql(`create table organisations (
      id uuid primary key,
      name text not null,
      map_type text not null check (map_type in ('game_tiles', 'static_image')),
      arrival_radius double precision not null check (arrival_radius > 0),
      concurrent_accounts_max integer null check (concurrent_accounts_max >= 0),
      auto_provision boolean not null,
      emergency_department_id uuid null,
      created_at timestamptz not null
    )`);
    this.addSql(`create table departments (
      id uuid primary key,
      organisation_id uuid not null references organisations (id),
      slug text collate "C" not null,
      name text not null,
      is_active boolean not null,
      created_at timestamptz not null,
      constraint department_slug unique (organisation_id, slug)
    )`);
    this.addSql(`alter table organisations add constraint organisations_emergency_department_fk
      foreign key (emergency_department_id) references departments (id)`);
    this.addSql(`create table characters (
      id uuid primary key,
      public_id uuid not null unique,
      organisation_id uuid not null references organisations (id),
      first_name text not null,
      last_name text not null,
      date_of_birth text null check (date_of_birth ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      created_at timestamptz not null
    )`);
    this.addSql(`create table identifier_links (
      organisation_id uuid not null references organisations (id),
      kind text not null check (kind in ('license', 'game', 'store', 'chat')),
      value text not null,
      character_id uuid not null references characters (id),
      linked_at timestamptz not null,
      primary key (organisation_id, kind, value)
    )`);
    this.addSql(`create index identifier_links_character on identifier_links (character_id)`);
    this.addSql(`create table link_codes (
      organisation_id uuid not null references organisations (id),
      code_hash text not null,
      character_id uuid not null references characters (id),
      issued_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz null,
      primary key (organisation_id, code_hash)
    )`);
    this.addSql(`create table memberships (
      id uuid primary key,
      organisation_id uuid not null references organisations (id),
      department_id uuid not null references departments (id),
      character_id uuid not null references characters (id),
      unit_id uuid not null,
      created_at timestamptz not null,
      constraint membership unique (department_id, character_id),
      constraint membership_unit unique (unit_id)
    )`);
    this.addSql(`create table units (
      id uuid primary key,
      organisation_id uuid not null references organisations (id),
      department_id uuid not null references departments (id),
      membership_id uuid not null unique references memberships (id),
      character_id uuid not null references characters (id),
      callsign text collate "C" null,
      is_active boolean not null,
      status text not null check (status in ('AVAILABLE', 'EN_ROUTE', 'ON_SCENE', 'BUSY', 'OUT_OF_SERVICE', 'OFF_DUTY')),
      status_changed_at timestamptz not null,
      assigned_call_id uuid null,
      assigned_call_number text null,
      assignment_pin_x double precision null,
      assignment_pin_y double precision null,
      assigned_at timestamptz null,
      constraint unit_callsign unique (department_id, callsign),
      constraint unit_assignment_whole check (
        (assigned_call_id is null) = (assigned_call_number is null) and
        (assigned_call_id is null) = (assigned_at is null) and
        (assignment_pin_x is null) = (assignment_pin_y is null) and
        (assigned_call_id is not null or assignment_pin_x is null)
      )
    )`);
    this.addSql(`create index units_listing on units (organisation_id, department_id, callsign, id)`);
    this.addSql(`create index units_assigned_call on units (assigned_call_id) where assigned_call_id is not null`);
    this.addSql(`create table credentials (
      id uuid primary key,
      organisation_id uuid not null references organisations (id),
      kind text not null check (kind in ('game', 'generic_api_key')),
      department_id uuid null references departments (id),
      scopes jsonb not null,
      label text not null,
      secret_hash text not null,
      created_at timestamptz not null,
      rotated_at timestamptz null,
      revoked_at timestamptz null,
      constraint credential_department_by_kind check ((kind = 'game') = (department_id is not null))
    )`);
    this.addSql(`create index credentials_organisation on credentials (organisation_id)`);
    this.addSql(`create table operator_keys (
      id uuid primary key,
      organisation_id uuid null references organisations (id),
      label text not null,
      permissions jsonb not null,
      key_hash text not null,
      created_at timestamptz not null,
      constraint operator_key_hash unique (key_hash)
    )`);
    this.addSql(`create unique index bootstrap_key on operator_keys ((organisation_id is null)) where organisation_id is null`);
    this.addSql(`create table civilians (
      id uuid primary key,
      organisation_id uuid not null references organisations (id),
      first_name text not null,
      last_name text not null,
      date_of_birth text null check (date_of_birth ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      license_status text not null,
      claimed_by uuid null references characters (id),
      created_at timestamptz not null
    )`);
    this.addSql(`create index civilians_name on civilians (organisation_id, lower(last_name), lower(first_name))`);
    this.addSql(`create table vehicles (
      id uuid primary key,
      organisation_id uuid not null references organisations (id),
      plate text not null,
      plate_key text not null,
      make text null,
      model text null,
      color text null,
      registration_status text not null,
      owner_civilian_id uuid null references civilians (id),
      created_at timestamptz not null,
      constraint vehicle_plate unique (organisation_id, plate_key)
    )`);
    this.addSql(`create table warrants (
      id uuid primary key,
      organisation_id uuid not null references organisations (id),
      civilian_id uuid not null references civilians (id),
      status text not null check (status in ('ACTIVE', 'SERVED', 'RECALLED')),
      description text null,
      created_at timestamptz not null
    )`);
    this.addSql(`create index warrants_civilian on warrants (civilian_id, id)`);
    this.addSql(`create table resource_releases (
      id uuid primary key,
      resource_slug text not null,
      version text not null,
      manifest jsonb not null,
      published_at timestamptz not null,
      constraint release_version unique (resource_slug, version)
    )`);
    this.addSql(`create table audit_entries (
      id uuid primary key,
      organisation_id uuid null references organisations (id),
      at timestamptz not null,
      actor_kind text not null check (actor_kind in ('credential', 'operator', 'system')),
      actor_id text not null,
      actor_label text not null,
      player_character_id uuid null references characters (id),
      action text not null,
      subject_type text null,
      subject_id text null,
      details jsonb not null
    )`);
    this.addSql(`create index audit_entries_organisation on audit_entries (organisation_id, id desc)`);
    this.addSql(`create table instance_keys (
      name text primary key,
      value text not null
    )`);
  }
}

export const migrations = [{ name: '0001-foundation', class: Foundation }];
