/**
 * The physical baseline of any route that must read the database on every call: a bare Koa app
 * that parses the JSON body and runs ONE prepared statement per request, a primary-key join of two
 * small tables keyed by the caller's `identifiers.license`, on the same store as the service.
 *
 * Drivers:
 * - `pg`: node-postgres Pool of 10, a named prepared statement (parsed once per connection);
 * - `postgres`: the `postgres` package (porsager), pool of 10, prepared statements, pipelining;
 * - `pglite`: an in-process PGlite of its own in a temporary data directory, as the service's
 *   embedded store keeps its data on disk (one connection, extended protocol per query).
 *
 * The answer is `{ "reported": true }` when the row is found, so the same load job and the same
 * bodies as the service's heartbeat can drive it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bodyParser } from '@koa/bodyparser';
import { PGlite } from '@electric-sql/pglite';
import Koa from 'koa';
import pg from 'pg';
import postgres from 'postgres';

export type BaselineDriver = 'pg' | 'postgres' | 'pglite';

export interface BaselineServer {
  readonly url: string;
  close(): Promise<void>;
}

const SCHEMA_SQL = [
  'create table if not exists baseline_unit (id integer primary key, status text not null, label text not null)',
  'create table if not exists baseline_link (license text primary key, unit_id integer not null references baseline_unit (id))',
];
const GATE_SQL = 'select u.id, u.status, u.label from baseline_link l join baseline_unit u on u.id = l.unit_id where l.license = $1';

/** The rows: one unit per license, as the service's population has one unit per officer. */
function seedSql(licenses: readonly string[]): string[] {
  const units = licenses.map((_, i) => `(${i + 1}, 'EN_ROUTE', '1-ADAM-${i + 1}')`).join(', ');
  const links = licenses.map((license, i) => `('${license.replaceAll("'", "''")}', ${i + 1})`).join(', ');
  return [
    `insert into baseline_unit values ${units} on conflict do nothing`,
    `insert into baseline_link values ${links} on conflict do nothing`,
  ];
}

type Lookup = (license: string) => Promise<boolean>;

/** Opens the store for the driver, creates and fills the two tables, and returns the one statement. */
async function openLookup(
  driver: BaselineDriver,
  licenses: readonly string[],
  postgresTarget?: { url: string; schema: string },
): Promise<{ lookup: Lookup; close(): Promise<void> }> {
  if (driver === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'cad-baseline-'));
    const db = new PGlite(dataDir);
    for (const sql of [...SCHEMA_SQL, ...seedSql(licenses)]) await db.exec(sql);
    return {
      lookup: async (license) => (await db.query(GATE_SQL, [license])).rows.length === 1,
      close: async () => {
        await db.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (postgresTarget === undefined) throw new Error(`the ${driver} baseline needs DATABASE_URL`);
  const searchPath = `-c search_path="${postgresTarget.schema}"`;
  // Tables are created once through pg (both PostgreSQL drivers then read the same rows).
  const setup = new pg.Client({ connectionString: postgresTarget.url, options: searchPath });
  await setup.connect();
  try {
    await setup.query(`create schema if not exists "${postgresTarget.schema}"`);
    for (const sql of [...SCHEMA_SQL, ...seedSql(licenses)]) await setup.query(sql);
    await setup.query('analyze baseline_unit; analyze baseline_link');
  } finally {
    await setup.end();
  }
  if (driver === 'pg') {
    const pool = new pg.Pool({ connectionString: postgresTarget.url, options: searchPath, max: 10 });
    return {
      lookup: async (license) => (await pool.query({ name: 'baseline-gate', text: GATE_SQL, values: [license] })).rowCount === 1,
      close: () => pool.end(),
    };
  }
  const sql = postgres(postgresTarget.url, {
    max: 10,
    prepare: true,
    connection: { search_path: postgresTarget.schema },
    onnotice: () => {},
  });
  return {
    lookup: async (license) =>
      (await sql`select u.id, u.status, u.label from baseline_link l join baseline_unit u on u.id = l.unit_id where l.license = ${license}`)
        .length === 1,
    close: () => sql.end({ timeout: 5 }),
  };
}

/** A bare Koa JSON POST with no database at all (the old baseline). */
export async function emptyHandlerBaseline(path: string): Promise<BaselineServer> {
  const app = new Koa();
  app.use(bodyParser({ enableTypes: ['json'] }));
  app.use((ctx) => {
    if (ctx.method === 'POST' && ctx.path === path) ctx.body = { reported: true };
  });
  return listen(app, async () => undefined);
}

/**
 * A bare Koa app answering any POST with one statement keyed by the body's `identifiers.license`.
 * `licenses` are the keys the load will send; each gets a row.
 */
export async function oneStatementBaseline(
  driver: BaselineDriver,
  licenses: readonly string[],
  postgresTarget?: { url: string; schema: string },
): Promise<BaselineServer> {
  const store = await openLookup(driver, licenses, postgresTarget);
  const app = new Koa();
  app.use(bodyParser({ enableTypes: ['json'] }));
  app.use(async (ctx) => {
    if (ctx.method !== 'POST') return;
    const license = (ctx.request.body as { identifiers?: { license?: unknown } } | undefined)?.identifiers?.license;
    ctx.body = { reported: typeof license === 'string' && (await store.lookup(license)) };
  });
  return listen(app, () => store.close());
}

async function listen(app: Koa, release: () => Promise<void>): Promise<BaselineServer> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await release();
    },
  };
}

/** The baselines that a run on this store measures: PGlite alone, or both PostgreSQL drivers. */
export const baselineDrivers = (databaseUrl: string | undefined): BaselineDriver[] =>
  databaseUrl === undefined ? ['pglite'] : ['pg', 'postgres'];
