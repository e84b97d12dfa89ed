/**
 * The physical baseline of any route that must read the database on every call: a bare HTTP app
 * that parses the JSON body and runs ONE prepared statement per request, a primary-key join of two
 * small tables keyed by the caller's `identifiers.license`, on the same store as the service. There
 * is one on each HTTP transport the service has: bare Koa (`oneStatementBaseline`) and bare
 * uWebSockets.js (`oneStatementBaselineUws`), with the same statement, store and JSON work.
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
import { parse as parseJson } from '@hapi/bourne';
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

/** co-body's strict test (what `@koa/bodyparser` runs before parsing): an object or an array. */
const STRICT_JSON = /^[\x20\x09\x0a\x0d]*[[{]/;

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

/** The answer both baselines give to a body: whether its `identifiers.license` has a row. */
async function reported(store: { lookup: Lookup }, body: unknown): Promise<{ reported: boolean }> {
  const license = (body as { identifiers?: { license?: unknown } } | undefined)?.identifiers?.license;
  return { reported: typeof license === 'string' && (await store.lookup(license)) };
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
    ctx.body = await reported(store, ctx.request.body);
  });
  return listen(app, () => store.close());
}

/**
 * The same baseline on bare uWebSockets.js: any POST's body is read in full and parsed as
 * `@koa/bodyparser` parses it (when its content type is JSON: an object or an array, through
 * `@hapi/bourne`, a `__proto__` key refused; a body that does not parse is a 400),
 * the one statement runs, and the JSON answer is written in one corked send. uWS must load in this
 * process (see `uws-runtime.ts`).
 */
export async function oneStatementBaselineUws(
  driver: BaselineDriver,
  licenses: readonly string[],
  postgresTarget?: { url: string; schema: string },
): Promise<BaselineServer> {
  const uws = await import('uWebSockets.js');
  const store = await openLookup(driver, licenses, postgresTarget);
  const app = uws.App();
  app.post('/*', (res, req) => {
    const json = req.getHeader('content-type').includes('json');
    let aborted = false;
    res.onAborted(() => (aborted = true));
    const answer = (status: string, body: string) => {
      if (aborted) return;
      res.cork(() => res.writeStatus(status).writeHeader('content-type', 'application/json; charset=utf-8').end(body));
    };
    const chunks: Buffer[] = [];
    res.onData((chunk, isLast) => {
      // uWS reuses the chunk's memory once this callback returns: a body in several chunks is copied.
      if (!isLast) return void chunks.push(Buffer.from(new Uint8Array(chunk)));
      const text = (chunks.length === 0 ? Buffer.from(chunk) : Buffer.concat([...chunks, Buffer.from(chunk)])).toString('utf8');
      let body: unknown = {};
      try {
        if (json && text.length > 0) {
          if (!STRICT_JSON.test(text)) throw new SyntaxError('only an object or an array');
          body = parseJson(text, { protoAction: 'error' });
        }
      } catch {
        return answer('400 Bad Request', '{"error":"invalid JSON"}');
      }
      reported(store, body).then(
        (answered) => answer('200 OK', JSON.stringify(answered)),
        () => answer('500 Internal Server Error', '{"error":"statement failed"}'),
      );
    });
  });
  const socket = await new Promise<import('uWebSockets.js').us_listen_socket | false>((resolve) => app.listen('127.0.0.1', 0, resolve));
  if (socket === false) {
    app.close();
    await store.close();
    throw new Error('the uWS baseline could not listen on 127.0.0.1');
  }
  return {
    url: `http://127.0.0.1:${uws.us_socket_local_port(socket)}`,
    close: async () => {
      uws.us_listen_socket_close(socket);
      app.close();
      await store.close();
    },
  };
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

/**
 * The physical floor of any write: a bare Koa app whose every request makes one durable commit,
 * one statement that reads the caller's link and inserts a row of its own (autocommit, a named
 * prepared statement through a pg Pool of 10, or PGlite's one connection), answering as the
 * one-statement baseline does. A write route must commit at least once; what it does beyond that
 * (its locks, its other statements, the service's own work) is what this floor leaves out.
 */
export async function oneWriteBaseline(
  driver: 'pg' | 'pglite',
  licenses: readonly string[],
  postgresTarget?: { url: string; schema: string },
): Promise<BaselineServer> {
  const statement = 'insert into baseline_write (license, at) select l.license, now() from baseline_link l where l.license = $1';
  let write: (license: string) => Promise<boolean>;
  let release: () => Promise<void>;
  if (driver === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'cad-write-baseline-'));
    const db = new PGlite(dataDir);
    for (const sql of [...SCHEMA_SQL, WRITE_TABLE_SQL, ...seedSql(licenses)]) await db.exec(sql);
    write = async (license) => (await db.query(statement, [license])).affectedRows === 1;
    release = async () => {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    };
  } else {
    // The schema, the tables and their rows, as the one-statement baseline makes them.
    await (await openLookup(driver, licenses, postgresTarget)).close();
    const options = `-c search_path="${postgresTarget!.schema}"`;
    const pool = new pg.Pool({ connectionString: postgresTarget!.url, options, max: 10 });
    await pool.query(WRITE_TABLE_SQL);
    write = async (license) => (await pool.query({ name: 'baseline-write', text: statement, values: [license] })).rowCount === 1;
    release = () => pool.end();
  }
  const app = new Koa();
  app.use(bodyParser({ enableTypes: ['json'] }));
  app.use(async (ctx) => {
    if (ctx.method !== 'POST') return;
    ctx.body = await reported({ lookup: write }, ctx.request.body);
  });
  return listen(app, release);
}

const WRITE_TABLE_SQL =
  'create table if not exists baseline_write (id bigserial primary key, license text not null, at timestamptz not null)';

/** The baselines that a run on this store measures: PGlite alone, or both PostgreSQL drivers. */
export const baselineDrivers = (databaseUrl: string | undefined): BaselineDriver[] =>
  databaseUrl === undefined ? ['pglite'] : ['pg', 'postgres'];

/** The one-statement baseline on the given HTTP transport. */
export const oneStatementBaselineOn = (
  transport: 'koa' | 'uws',
  driver: BaselineDriver,
  licenses: readonly string[],
  postgresTarget?: { url: string; schema: string },
): Promise<BaselineServer> =>
  transport === 'uws' ? oneStatementBaselineUws(driver, licenses, postgresTarget) : oneStatementBaseline(driver, licenses, postgresTarget);
