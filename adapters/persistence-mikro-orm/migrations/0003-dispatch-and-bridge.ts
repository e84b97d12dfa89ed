import { Migration } from '@mikro-orm/migrations';

/**
 * Calls with their timeline, BOLOs and their hits, citations and arrests, the per-organisation
 * record number series, and the bridge's bookkeeping: presence claims and overages, the
 * auto-provisioning ledger and MDT hand-offs. Unique constraints carry the names the ports
 * promise in `UniqueConstraintViolation` (call_number, bolo_number, citation_number, arrest_number).
 */
export class DispatchAndBridge extends Migration {
  override up(): void {
    this.addSql(`create table calls (
      id uuid primary key,
      organisation_id uuid not null references organisations (id),
      department_id uuid not null references departments (id),
      number text collate "C" not null,
      origin text not null check (origin in ('panic', 'emergency_911', 'dispatch')),
      priority text not null check (priority in ('P1', 'P2', 'P3', 'P4')),
      status text not null check (status in ('PENDING', 'ACTIVE', 'CLOSED')),
      description text not null,
      location_x double precision null,
      location_y double precision null,
      created_at timestamptz not null,
      closed_at timestamptz null,
      constraint call_number unique (organisation_id, number),
      constraint call_location_whole check ((location_x is null) = (location_y is null))
    )`);
    this.addSql(`create index calls_listing on calls (organisation_id, id desc)`);
    this.addSql(`create index calls_department on calls (department_id, id desc)`);
    this.addSql(`create index calls_status on calls (organisation_id, status, id desc)`);
    // Notes never change: a call's timeline only grows. `seq` keeps the order they were appended in.
    this.addSql(`create table call_notes (
      event_id uuid primary key,
      call_id uuid not null references calls (id),
      seq bigint generated always as identity,
      text text not null,
      author_kind text not null check (author_kind in ('unit', 'credential', 'operator')),
      author_id text not null,
      author_label text not null,
      at timestamptz not null
    )`);
    this.addSql(`create index call_notes_timeline on call_notes (call_id, seq)`);

    this.addSql(`create table bolos (
      id uuid primary key,
      organisation_id uuid not null references organisations (id),
      number text collate "C" not null,
      issuing_department_id uuid not null references departments (id),
      subject_civilian_id uuid null references civilians (id),
      subject_vehicle_id uuid null references vehicles (id),
      severity text not null check (severity in ('LOW', 'MEDIUM', 'HIGH', 'ARMED_DANGEROUS')),
      scope text not null check (scope in ('DEPARTMENT', 'COMMUNITY')),
      subject_description text not null,
      reason text not null,
      narrative text null,
      internal_notes text null,
      expires_at timestamptz null,
      issued_by_character_id uuid null references characters (id),
      issued_by_credential_id uuid null references credentials (id),
      status text not null check (status in ('ISSUED', 'ACKNOWLEDGED', 'HIT_REPORTED', 'RESOLVED', 'ARCHIVED', 'EXPIRED')),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint bolo_number unique (organisation_id, number),
      constraint bolo_subject check (subject_civilian_id is not null or subject_vehicle_id is not null),
      constraint bolo_issuer check ((issued_by_character_id is null) <> (issued_by_credential_id is null))
    )`);
    this.addSql(`create index bolos_listing on bolos (organisation_id, id desc)`);
    this.addSql(`create index bolos_subject_vehicle on bolos (organisation_id, subject_vehicle_id) where subject_vehicle_id is not null`);
    this.addSql(
      `create index bolos_subject_civilian on bolos (organisation_id, subject_civilian_id) where subject_civilian_id is not null`,
    );
    this.addSql(`create table bolo_hits (
      id uuid primary key,
      bolo_id uuid not null references bolos (id),
      organisation_id uuid not null references organisations (id),
      plate text not null,
      camera_id text not null,
      camera_label text not null,
      position_x double precision not null,
      position_y double precision not null,
      seen_at timestamptz not null,
      reported_at timestamptz not null,
      reported_by uuid not null references credentials (id)
    )`);
    this.addSql(`create index bolo_hits_bolo on bolo_hits (bolo_id, seen_at desc, id desc)`);

    this.addSql(`create table citations (
      id uuid primary key,
      organisation_id uuid not null references organisations (id),
      number text collate "C" not null,
      civilian_id uuid not null references civilians (id),
      plate text null,
      location_text text not null,
      statute_code text not null,
      statute_description text not null,
      fine_amount double precision not null,
      issued_by_character_id uuid not null references characters (id),
      issued_by_unit_id uuid not null references units (id),
      issued_by_credential_id uuid not null references credentials (id),
      issued_at timestamptz not null,
      constraint citation_number unique (organisation_id, number)
    )`);
    this.addSql(`create table arrests (
      id uuid primary key,
      organisation_id uuid not null references organisations (id),
      number text collate "C" not null,
      civilian_id uuid not null references civilians (id),
      location_text text not null,
      narrative text not null,
      charges jsonb not null check (jsonb_typeof(charges) = 'array'),
      booked_by_character_id uuid not null references characters (id),
      booked_by_unit_id uuid not null references units (id),
      booked_by_credential_id uuid not null references credentials (id),
      booked_at timestamptz not null,
      constraint arrest_number unique (organisation_id, number)
    )`);

    // One row per series; `RecordNumbers.next` bumps it in one upsert and holds it until commit.
    this.addSql(`create table record_sequences (
      organisation_id uuid not null references organisations (id),
      series text collate "C" not null,
      last_value integer not null check (last_value >= 1),
      primary key (organisation_id, series)
    )`);

    this.addSql(`create table presence_claims (
      organisation_id uuid not null references organisations (id),
      character_id uuid not null references characters (id),
      credential_id uuid not null references credentials (id),
      renewed_at timestamptz not null,
      expires_at timestamptz not null,
      primary key (organisation_id, character_id)
    )`);
    this.addSql(`create index presence_claims_connected on presence_claims (organisation_id, expires_at)`);
    this.addSql(`create table presence_overages (
      id bigint generated by default as identity primary key,
      organisation_id uuid not null references organisations (id),
      at timestamptz not null,
      connected integer not null check (connected >= 0),
      max integer not null check (max >= 0)
    )`);
    this.addSql(`create index presence_overages_organisation on presence_overages (organisation_id, at desc, id desc)`);

    this.addSql(`create table auto_provisions (
      id bigint generated by default as identity primary key,
      organisation_id uuid not null references organisations (id),
      credential_id uuid not null references credentials (id),
      character_id uuid not null references characters (id),
      at timestamptz not null
    )`);
    this.addSql(`create index auto_provisions_credential on auto_provisions (credential_id, at)`);

    this.addSql(`create table mdt_handoffs (
      token_hash text primary key,
      organisation_id uuid not null references organisations (id),
      character_id uuid not null references characters (id),
      credential_id uuid not null references credentials (id),
      department_id uuid not null references departments (id),
      unit_id uuid null references units (id),
      tier text not null check (tier in ('full', 'basic')),
      issued_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz null
    )`);
  }
}
