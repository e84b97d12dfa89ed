/**
 * Soak: the service as a user runs it (`composition/server.ts`, configured by the environment, in
 * a process of its own) under a steady mixed load for a set time, watched from outside for memory
 * that does not level off, resources that pile up, and errors. Prints one row every interval and a
 * verdict at the end; stops by itself (time and request count are both bounded).
 *
 * On the embedded database (PGlite in a temporary directory) by default; on PostgreSQL when
 * DATABASE_URL is set, in a database of its own (created and dropped here: the server has no
 * schema setting, and its tables must not land in the server's public schema).
 *
 *   npm run soak
 *   SOAK_SECONDS=60 SOAK_RPS=50 SOAK_OFFICERS=100 SOAK_SOCKETS=20 SOAK_REPORT_SECONDS=30 npm run soak
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { httpClient } from '../support/http-client.ts';
import { MixedLoad } from './soak-load.ts';
import { type IntervalRow, intervalRow, table, verdict } from './soak-report.ts';
import { startSoakServer } from './soak-server.ts';
import { SocketFleet } from './soak-sockets.ts';
import { soakWorld } from './soak-world.ts';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const SECONDS = env('SOAK_SECONDS', 600);
const REPORT_SECONDS = env('SOAK_REPORT_SECONDS', 30);
const WARMUP_SECONDS = env('SOAK_WARMUP_SECONDS', Math.min(120, SECONDS / 4));
const RPS = env('SOAK_RPS', 50);
const MAX_IN_FLIGHT = Math.floor(env('SOAK_MAX_IN_FLIGHT', 32));
const MAX_REQUESTS = Math.floor(env('SOAK_MAX_REQUESTS', 2_000_000));
const OFFICERS = Math.floor(env('SOAK_OFFICERS', 100));
const SOCKETS = Math.floor(env('SOAK_SOCKETS', 20));
const TOKEN_REFRESH_SECONDS = 300;
const DATABASE_URL = process.env['DATABASE_URL'];

/** Runs SQL on the server's maintenance connection (creating and dropping the soak's database). */
async function onServer(url: string, sql: string): Promise<void> {
  const orm = await MikroORM.init({ clientUrl: url, entities: [], discovery: { warnWhenNoEntities: false } });
  try {
    await orm.em.getConnection().execute(sql);
  } finally {
    await orm.close(true);
  }
}

const database = DATABASE_URL === undefined ? null : `soak_${randomBytes(5).toString('hex')}`;
const dataDir = await mkdtemp(join(tmpdir(), 'cad-soak-'));
let storageEnv: Record<string, string>;
if (database !== null) {
  await onServer(DATABASE_URL!, `create database "${database}"`);
  const url = new URL(DATABASE_URL!);
  url.pathname = `/${database}`;
  storageEnv = { CAD_STORAGE: 'postgres', DATABASE_URL: url.toString() };
} else {
  storageEnv = { CAD_STORAGE: 'embedded', CAD_DATA_DIR: join(dataDir, 'data') };
}
const storageName = database === null ? 'embedded PGlite (temporary directory)' : `PostgreSQL (database ${database})`;

const bootstrapKey = `cad_op_soak_${randomBytes(24).toString('base64url')}`;
const server = await startSoakServer({
  env: {
    ...storageEnv,
    PORT: '0',
    HOST: '127.0.0.1',
    CAD_BOOTSTRAP_KEY: bootstrapKey,
    // The load comes from one credential; the per-credential limits are for many game servers.
    CAD_RATE_LIMIT_SCALE: '10000',
    GAME_AUTO_PROVISION_RATE_LIMIT_PER_HOUR: '100000',
    CAD_REALTIME_ENGINE: 'auto',
    REALTIME_PORT: '0',
    LOG_LEVEL: 'info',
  },
  probeFile: join(dataDir, 'probe.jsonl'),
  probeMs: 5_000,
});

const rows: IntervalRow[] = [];
let exitCode: number | null = null;
try {
  const setupStarted = performance.now();
  const world = await soakWorld(httpClient(server.url), bootstrapKey, OFFICERS);
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  console.log(`storage: ${storageName}; realtime engine: ${server.engine}; server pid ${server.pid}`);
  console.log(`load: ${RPS} req/s (at most ${MAX_IN_FLIGHT} in flight), ${OFFICERS} officers, ${SOCKETS} sockets, ${SECONDS} s`);
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
  );
  console.log(`set up in ${setupSeconds.toFixed(1)} s; one row every ${REPORT_SECONDS} s\n`);

  const load = new MixedLoad(server.url, world, { requestsPerSecond: RPS, maxInFlight: MAX_IN_FLIGHT });
  const fleet = new SocketFleet(server.realtimeUrl, () => world.tokens.game);
  fleet.open(SOCKETS);
  server.samples();
  load.start();
  const started = Date.now();
  let total = 0;
  let lastRefresh = started;
  let logged = { ...server.logged };
  for (let due = started + REPORT_SECONDS * 1000; ; due += REPORT_SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    if (Date.now() - lastRefresh >= TOKEN_REFRESH_SECONDS * 1000) {
      await world.refresh();
      lastRefresh = Date.now();
    }
    const taken = load.take();
    total += taken.requests;
    const now = { ...server.logged };
    const row = intervalRow(
      Math.round((Date.now() - started) / 1000),
      REPORT_SECONDS,
      taken,
      fleet.take(),
      server.samples(),
      server.facts(),
      now.errors - logged.errors,
      now.serverErrors - logged.serverErrors,
    );
    logged = now;
    rows.push(row);
    if (rows.length === 1) console.log(table([]));
    console.log(table([row]).split('\n').at(-1));
    if (taken.lastFailure !== '') console.log(`  last failure: ${taken.lastFailure}`);
    fleet.churn(2);
    if (Date.now() - started >= SECONDS * 1000 || total >= MAX_REQUESTS) break;
  }
  await load.stop();
  fleet.close();
} finally {
  exitCode = await server.stop();
  if (database !== null) await onServer(DATABASE_URL!, `drop database if exists "${database}" with (force)`);
  await rm(dataDir, { recursive: true, force: true });
}

const judged = verdict(rows, WARMUP_SECONDS);
const sum = (key: keyof IntervalRow) => rows.reduce((s, r) => s + (r[key] as number), 0);
console.log(`\n${table(rows)}\n`);
console.log(`storage: ${storageName}`);
console.log(judged.text);
console.log(
  `totals: ${sum('requests')} requests, ${sum('non2xx')} non-2xx, ${sum('serverErrors')} 5xx, ${sum('noAnswer')} without answer, ` +
    `${sum('loggedErrors')} logged errors, ${sum('socketErrors')} socket connect errors, ${sum('events')} realtime events; ` +
    `server exit code after SIGTERM: ${exitCode}; last logged error: ${server.logged.lastError || 'none'}`,
);
console.log(JSON.stringify({ storage: storageName, seconds: SECONDS, rps: RPS, levelled: judged.levelled, exitCode, rows }));
if (sum('serverErrors') + sum('noAnswer') > 0 || exitCode !== 0) process.exitCode = 1;
