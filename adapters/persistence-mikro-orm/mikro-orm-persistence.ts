import { mkdir } from 'node:fs/promises';
import type { MikroORM } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { MikroORM as PgliteORM } from '@mikro-orm/pglite';
import { MikroORM as PostgresORM } from '@mikro-orm/postgresql';
import type { Persistence } from '../../application/ports/persistence.ts';
import { type DataDirectoryLock, type StaleLockNotice, lockDataDirectory } from './data-directory-lock.ts';
import { connectTimeoutMs } from './connect-timeout.ts';
import { boundedConnectionOptions, dropConnectionsPastDeadline, statementBounds } from './statement-deadline.ts';
import { type DatabaseNotice, ensurePostgresDatabase, serverOf } from './postgres-database.ts';
import { guardedAgainstConnectionFaults } from './connection-faults.ts';
import { migrations } from './migrations/index.ts';
import { LeanReads, type NativeStatements } from './lean-reads.ts';
import { OrmSession } from './orm-session.ts';
import { type NumberIssuer, numberIssuer } from './number-issuer.ts';
import { type PgliteTransactions, refuseCommitAfterFailure } from './pglite-commit-guard.ts';
import { markHeld, sendStatementsTogether } from './statements-sent-together.ts';
import {
  AutoProvisionRecord,
  EndedMdtSessionRecord,
  MdtHandoffRecord,
  MdtPairingRecord,
  PresenceClaimRecord,
  PresenceOverageRecord,
  RecordSequenceRecord,
} from './records/bridge-records.ts';
import { CredentialRecord, OperatorKeyRecord } from './records/credential-records.ts';
import { BoloHitRecord, BoloRecord, CallNoteRecord, CallRecord } from './records/dispatch-records.ts';
import { DepartmentRecord, OrganisationRecord } from './records/organisation-records.ts';
import { AuditEntryRecord } from './records/audit-records.ts';
import { ArrestRecord, CitationRecord } from './records/incident-records.ts';
import { IdempotencyKeyRecord, InstanceKeyRecord, ReleaseRecord } from './records/installation-records.ts';
import {
  BrowserSessionRecord,
  InvitationRecord,
  PersonMembershipRecord,
  PersonRecord,
  SignInMethodRecord,
} from './records/people-records.ts';
import { CivilianRecord, VehicleRecord, WarrantRecord } from './records/records-records.ts';
import {
  CharacterRecord,
  IdentifierLinkRecord,
  LinkCodeRecord,
  MembershipRecord,
  PendingLinkRecord,
  UnitRecord,
} from './records/roster-records.ts';
import { MikroOrmAuditLog } from './repositories/audit-log.ts';
import { MikroOrmBoloRepository } from './repositories/bolo-repository.ts';
import { MikroOrmBridgePlayerReader } from './repositories/bridge-player-reader.ts';
import {
  MikroOrmMdtHandoffRepository,
  MikroOrmPresenceRepository,
  MikroOrmProvisioningLedger,
} from './repositories/bridge-repositories.ts';
import { MikroOrmCallRepository } from './repositories/call-repository.ts';
import { MikroOrmEndedMdtSessions } from './repositories/ended-mdt-sessions.ts';
import { MikroOrmMdtPairings } from './repositories/mdt-pairings.ts';
import { MikroOrmCredentialRepository, MikroOrmOperatorKeyRepository } from './repositories/credential-repositories.ts';
import { MikroOrmArrestRepository, MikroOrmCitationRepository } from './repositories/incident-records-repositories.ts';
import { MikroOrmIdempotencyLedger } from './repositories/idempotency-ledger.ts';
import { MikroOrmInstanceKeyStore } from './repositories/instance-key-store.ts';
import { MikroOrmDepartmentRepository, MikroOrmOrganisationRepository } from './repositories/organisation-repositories.ts';
import {
  MikroOrmBrowserSessionRepository,
  MikroOrmInvitationRepository,
  MikroOrmPersonMembershipRepository,
  MikroOrmPersonRepository,
  MikroOrmSignInMethodRepository,
} from './repositories/people-repositories.ts';
import {
  MikroOrmCivilianRepository,
  MikroOrmReleaseRepository,
  MikroOrmVehicleRepository,
  MikroOrmWarrantRepository,
} from './repositories/records-repositories.ts';
import {
  MikroOrmCharacterRepository,
  MikroOrmIdentifierLinkRepository,
  MikroOrmLinkCodeRepository,
  MikroOrmPendingLinkRepository,
  MikroOrmMembershipRepository,
} from './repositories/roster-repositories.ts';
import { MikroOrmRecordNumbers } from './repositories/record-numbers.ts';
import { MikroOrmUnitRepository } from './repositories/unit-repository.ts';

/**
 * Where MikroORM keeps the data: embedded PGlite (a directory, or memory) or a PostgreSQL server. A
 * PGlite directory is locked for as long as the store is open (decision 0029); `onStaleLock` hears
 * of a dead owner's lock taken over (a warning on stderr by default). A PostgreSQL database that
 * does not exist is refused (`DatabaseMissing`) unless `createDatabase` is set. `onOpened` hears
 * which database was opened, whether it was created, and which migrations were applied.
 */
export type MikroOrmTarget = (
  | { readonly kind: 'pglite'; readonly dataDir?: string; readonly onStaleLock?: (notice: StaleLockNotice) => void }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string; readonly createDatabase?: boolean }
) & { readonly onOpened?: (notice: DatabaseNotice) => void };

const entities = [
  OrganisationRecord,
  DepartmentRecord,
  CharacterRecord,
  IdentifierLinkRecord,
  LinkCodeRecord,
  PendingLinkRecord,
  MembershipRecord,
  UnitRecord,
  CredentialRecord,
  OperatorKeyRecord,
  CivilianRecord,
  VehicleRecord,
  WarrantRecord,
  ReleaseRecord,
  AuditEntryRecord,
  InstanceKeyRecord,
  CallRecord,
  CallNoteRecord,
  BoloRecord,
  BoloHitRecord,
  CitationRecord,
  ArrestRecord,
  RecordSequenceRecord,
  PresenceClaimRecord,
  PresenceOverageRecord,
  AutoProvisionRecord,
  MdtHandoffRecord,
  EndedMdtSessionRecord,
  MdtPairingRecord,
  IdempotencyKeyRecord,
  PersonRecord,
  SignInMethodRecord,
  PersonMembershipRecord,
  BrowserSessionRecord,
  InvitationRecord,
];

export interface MikroOrmPersistence extends Persistence {
  /** Every table's rows, in a stable order: for inspecting the store (tests, debugging). */
  snapshot(): Promise<Record<string, unknown[]>>;
}

/** Opens the database, applies pending migrations, and returns the repositories over it. */
export async function openMikroOrmPersistence(target: MikroOrmTarget): Promise<MikroOrmPersistence> {
  let lock: DataDirectoryLock | null = null;
  if (target.kind === 'pglite' && target.dataDir !== undefined) {
    await mkdir(target.dataDir, { recursive: true });
    lock = await lockDataDirectory(target.dataDir, target.onStaleLock);
  }
  let orm: MikroORM | undefined;
  // The driver under MikroORM, for the lean reads: `pg`'s pool on PostgreSQL, the PGlite instance embedded.
  let native: NativeStatements;
  let pool: PgPool | null = null;
  try {
    orm = await open(target);
    const created = target.kind === 'postgres' && (await ensurePostgresDatabase(orm, target.url, target.createDatabase === true));
    const migrated = await migrate(orm, target);
    target.onOpened?.({
      database: target.kind === 'postgres' ? String(orm.config.get('dbName')) : (target.dataDir ?? 'in memory'),
      server: target.kind === 'postgres' ? serverOf(target.url) : null,
      created,
      migrated,
    });
    if (target.kind === 'postgres') {
      pool = await (orm.em.getConnection() as unknown as NativeClient<PgPool>).getNativeClient();
      native = pool;
    } else {
      const pglite = await (orm.em.getConnection() as unknown as NativeClient<Pglite>).getNativeClient();
      refuseCommitAfterFailure(pglite);
      native = { query: ({ text, values }) => pglite.query(text, values) };
    }
  } catch (error) {
    await orm?.close(true);
    await lock?.release();
    throw error;
  }
  const issuer = target.kind === 'postgres' ? numberIssuer(target.url, target.schema) : null;
  return persistenceOver(orm, lock, native, pool, issuer);
}

interface PgPool extends NativeStatements {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}
interface Pglite extends PgliteTransactions {
  query<Row>(text: string, values: unknown[]): Promise<{ rows: Row[] }>;
}
interface NativeClient<Client> {
  getNativeClient(): Promise<Client>;
}

/**
 * Replicas starting together on a new database must not run the migrations twice: on PostgreSQL
 * each waits for an advisory lock (per schema) held for the duration of the migration.
 */
async function migrate(orm: MikroORM, target: MikroOrmTarget): Promise<string[]> {
  // The migrator takes 1.5-2 s to find that nothing is pending; one query says so in milliseconds.
  // Migrations are only ever added, so a schema that has them all stays current (no lock needed).
  if (await allMigrationsApplied(orm)) return [];
  if (target.kind !== 'postgres') return (await orm.migrator.up()).map((m) => m.name);
  const lock = `cad-migrations:${target.schema ?? 'public'}`;
  return orm.em.fork().transactional(async (em) => {
    await (em as unknown as SqlEntityManager).execute('select pg_advisory_xact_lock(hashtext(?))', [lock]);
    return (await orm.migrator.up()).map((m) => m.name);
  });
}

/** Whether the store records every migration this build knows as applied; false when it records none (a new store). */
async function allMigrationsApplied(orm: MikroORM): Promise<boolean> {
  let rows: { name: string }[];
  try {
    rows = await orm.em.fork().getConnection().execute<{ name: string }[]>('select name from mikro_orm_migrations');
  } catch {
    return false;
  }
  const applied = new Set(rows.map((row) => row.name));
  return migrations.every((migration) => applied.has(migration.name));
}

async function open(target: MikroOrmTarget): Promise<MikroORM> {
  const common = { entities, extensions: [Migrator], discovery: { warnWhenNoEntities: false } };
  if (target.kind === 'pglite') {
    return PgliteORM.init({
      ...common,
      ...(target.dataDir === undefined ? {} : { dbName: target.dataDir }),
      migrations: { migrationsList: migrations, silent: true, snapshot: false },
    });
  }
  const schema = target.schema;
  // A request waits at most this long for a connection, new or from the pool (decision 0033); a
  // statement, at most the statement bounds, on the server and on this side (decision 0087).
  const timeouts = {
    connectionTimeoutMillis: connectTimeoutMs(target.url),
    ...boundedConnectionOptions(statementBounds(target.url)),
    onPoolCreated: (pool: Parameters<typeof dropConnectionsPastDeadline>[0] & Parameters<typeof sendStatementsTogether>[0]) => {
      dropConnectionsPastDeadline(pool);
      // After the deadline's wrapper: statements sent together are one statement to it (decision 0148).
      sendStatementsTogether(pool);
    },
  };
  return PostgresORM.init({
    ...common,
    clientUrl: target.url,
    // Marks the writes a unit of work holds for its next statement (decision 0148).
    onQuery: markHeld,
    // A missing database is refused or created by ensurePostgresDatabase, never created in passing.
    ensureDatabase: false,
    driverOptions: schema === undefined ? timeouts : { ...timeouts, options: `-c search_path="${schema}"` },
    ...(schema === undefined ? {} : { schema }),
    migrations: { migrationsList: migrations, silent: true, snapshot: false, ...(schema === undefined ? {} : { schema }) },
  });
}

/** A table's rows from the dump's JSON column, which a driver may hand over as text. */
function rowsOf(value: unknown): unknown[] {
  return (typeof value === 'string' ? JSON.parse(value) : value) as unknown[];
}

function persistenceOver(
  orm: MikroORM,
  lock: DataDirectoryLock | null,
  native: NativeStatements,
  pool: PgPool | null,
  issuer: NumberIssuer | null,
): MikroOrmPersistence {
  const session = new OrmSession(orm, pool !== null);
  const lean = new LeanReads(session, orm.getMetadata(), native);
  const tables = [...orm.getMetadata().getAll().values()].map((meta) => meta.tableName).sort();
  const dumpColumns = tables
    .map((table) => `(select coalesce(json_agg(t order by t::text), '[]'::json) from "${table}" as t) as "${table}"`)
    .join(', ');
  // A database that cannot be reached surfaces as the ports' StoreUnavailable, from every member.
  return guardedAgainstConnectionFaults({
    // Every table in one statement (a JSON array of its rows each, in a stable order): one round
    // trip for the whole store instead of one a table, for tests that compare it before and after.
    snapshot: async () => {
      const em = orm.em.fork() as unknown as SqlEntityManager;
      const [row] = await em.execute(`select ${dumpColumns}`);
      return Object.fromEntries(tables.map((table) => [table, rowsOf((row as Record<string, unknown>)[table])]));
    },
    uow: session,
    organisations: new MikroOrmOrganisationRepository(session),
    departments: new MikroOrmDepartmentRepository(session),
    characters: new MikroOrmCharacterRepository(session),
    identifierLinks: new MikroOrmIdentifierLinkRepository(session),
    linkCodes: new MikroOrmLinkCodeRepository(session),
    pendingLinks: new MikroOrmPendingLinkRepository(session),
    memberships: new MikroOrmMembershipRepository(session),
    units: new MikroOrmUnitRepository(session),
    credentials: new MikroOrmCredentialRepository(session),
    operatorKeys: new MikroOrmOperatorKeyRepository(session),
    civilians: new MikroOrmCivilianRepository(session, lean),
    vehicles: new MikroOrmVehicleRepository(session, lean),
    warrants: new MikroOrmWarrantRepository(session, lean),
    releases: new MikroOrmReleaseRepository(session),
    calls: new MikroOrmCallRepository(session),
    bolos: new MikroOrmBoloRepository(session, lean),
    citations: new MikroOrmCitationRepository(session),
    arrests: new MikroOrmArrestRepository(session),
    recordNumbers: new MikroOrmRecordNumbers(session, issuer?.statements ?? null),
    bridgePlayers: new MikroOrmBridgePlayerReader(lean),
    presence: new MikroOrmPresenceRepository(session),
    provisioning: new MikroOrmProvisioningLedger(session),
    mdtHandoffs: new MikroOrmMdtHandoffRepository(session),
    endedMdtSessions: new MikroOrmEndedMdtSessions(session),
    mdtPairings: new MikroOrmMdtPairings(session),
    auditLog: new MikroOrmAuditLog(session),
    instanceKeys: new MikroOrmInstanceKeyStore(session),
    idempotency: new MikroOrmIdempotencyLedger(session),
    people: new MikroOrmPersonRepository(session),
    signInMethods: new MikroOrmSignInMethodRepository(session),
    personMemberships: new MikroOrmPersonMembershipRepository(session),
    browserSessions: new MikroOrmBrowserSessionRepository(session),
    invitations: new MikroOrmInvitationRepository(session),
    ping: async () => {
      await orm.em.fork().getConnection().execute('select 1');
    },
    ...(pool !== null && { poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) }),
    close: async () => {
      try {
        if (issuer !== null) await issuer.close();
        await orm.close(true);
      } finally {
        await lock?.release();
      }
    },
  });
}
