/**
 * Throughput of every credentialed route of the game bridge, one after another in one run, against
 * the physical baseline measured in the same run (bare Koa + one prepared statement on the same
 * store; see `one-statement-baseline.ts`). Not a test: it prints figures.
 *
 * The composed service runs on PostgreSQL when DATABASE_URL is set (a fresh schema, dropped at the
 * end), else on PGlite in a temporary directory. A population is prepared first (see `bridge-world.ts`),
 * then each route is driven by autocannon from a second process with realistic bodies that rotate
 * through the population. Writes are shaped so that they keep succeeding without wrecking the
 * population: self-assign alternates with unassign for the same officer, duty toggles on and off,
 * claims are each officer's own civilian, upserts hit existing records, link codes are issued ahead.
 *
 *   npm run bench:bridge
 *   BENCH_DURATION=5 BENCH_WARMUP=2 BENCH_CONNECTIONS=20 BENCH_ONLY=location,waypoint npm run bench:bridge
 *
 * With BENCH_KEYED=1, each write route is measured a second time with a fresh Idempotency-Key on
 * every request (decision 0085), right after its run without one.
 */
import { randomBytes } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { pino } from 'pino';
import { startService } from '../../composition/service.ts';
import { LINK_CODES_MEASURED, LINK_CODES_WARMUP, bridgeRouteLoads } from './bridge-loads.ts';
import { defaultSize, prepareBridgeWorld } from '../support/bridge-population.ts';
import { benchStorage } from './bench-storage.ts';
import { type LoadFigures, type LoadJob, failures, load, loadAverages, measure } from './load.ts';
import { baselineDrivers, oneStatementBaseline } from './one-statement-baseline.ts';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const pace = {
  warmupSeconds: env('BENCH_WARMUP', 2),
  durationSeconds: env('BENCH_DURATION', 5),
  connections: Math.floor(env('BENCH_CONNECTIONS', 20)),
};
const ONLY = process.env['BENCH_ONLY']?.split(',').map((s) => s.trim());
const KEYED = process.env['BENCH_KEYED'] === '1';
const DATABASE_URL = process.env['DATABASE_URL'];

/** One-time inputs: the warm-up takes the first bodies, the measured run the rest, each body once. */
async function measureCount(
  name: string,
  job: Omit<LoadJob, 'durationSeconds' | 'connections'>,
  amounts: { warmup: number; measured: number },
): Promise<LoadFigures> {
  process.stdout.write(`${name}: ${amounts.warmup} requests warm-up, ${amounts.measured} measured...\n`);
  const part = (from: number, to: number) => job.steps!.map((step) => ({ ...step, bodies: step.bodies!.slice(from, to) }));
  const run = { ...job, connections: pace.connections, durationSeconds: 1 };
  await load({ ...run, steps: part(0, amounts.warmup), amount: amounts.warmup });
  return load({ ...run, steps: part(amounts.warmup, amounts.warmup + amounts.measured), amount: amounts.measured });
}

const { storage, name: storageName, target, remove: removeStorage } = await benchStorage('bench_bridge');

const bootstrapKey = `cad_op_bench_${randomBytes(24).toString('base64url')}`;
const service = await startService({
  storage,
  port: 0,
  host: '127.0.0.1',
  logger: pino({ level: 'silent' }),
  rateLimitScale: 1_000_000,
  autoProvisionPerHour: 1_000_000_000,
  bootstrapKey,
});
try {
  const setupStarted = performance.now();
  const world = await prepareBridgeWorld(service.url, bootstrapKey, {
    ...defaultSize,
    linkCodes: LINK_CODES_WARMUP + LINK_CODES_MEASURED,
  });
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  const headers = { authorization: `Bearer ${world.token}` };

  const baselineLoad = world.heartbeatBodies;
  const baselines = async (when: string) => {
    const figures: Record<string, LoadFigures> = {};
    for (const driver of baselineDrivers(DATABASE_URL)) {
      const server = await oneStatementBaseline(driver, world.licenses, target);
      try {
        figures[driver] = await measure(
          `one-statement baseline (${driver}, ${when})`,
          { url: server.url, path: '/baseline', headers, bodies: baselineLoad, expectText: '"reported":true' },
          pace,
        );
      } finally {
        await server.close();
      }
    }
    return figures;
  };

  const loadBefore = await loadAverages();
  const before = await baselines('before');
  const results: Array<{ name: string; kind: 'read' | 'write'; note: string; figures: LoadFigures }> = [];
  for (const route of bridgeRouteLoads(world)) {
    if (ONLY !== undefined && !ONLY.includes(route.key)) continue;
    const job = { url: service.url, path: '', headers, bodies: [], steps: route.steps, expectText: route.expectText };
    const figures =
      route.amounts === undefined
        ? await measure(route.name, job, pace, route.between)
        : await measureCount(route.name, job, route.amounts);
    results.push({ name: route.name, kind: route.kind, note: route.note ?? '', figures });
    if (KEYED && route.kind === 'write' && route.amounts === undefined) {
      const keyed = await measure(`${route.name}, with Idempotency-Key`, { ...job, idempotencyKeys: true }, pace, route.between);
      results.push({ name: `${route.name} (Idempotency-Key)`, kind: route.kind, note: 'a fresh key per request', figures: keyed });
    }
  }
  const after = await baselines('after');
  const loadAfter = await loadAverages();

  const drivers = Object.keys(before);
  const baselineRps = Object.fromEntries(drivers.map((d) => [d, (before[d]!.requestsPerSecond + after[d]!.requestsPerSecond) / 2]));
  const cells = (f: LoadFigures) => `${Math.round(f.requestsPerSecond)} | ${f.p50Ms} | ${f.p99Ms}`;
  const lines = [
    '',
    `storage: ${storageName}; ${world.summary} (set up in ${setupSeconds.toFixed(1)} s)`,
    `load: autocannon in a second process, ${pace.connections} connections, ${pace.durationSeconds} s after ${pace.warmupSeconds} s warm-up per route`,
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
    `load averages (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after`,
    '',
    '| baseline | req/s before | p50 ms | p99 ms | req/s after | p50 ms | p99 ms |',
    '|---|---|---|---|---|---|---|',
    ...drivers.map((d) => `| bare Koa + one prepared statement (${d}) | ${cells(before[d]!)} | ${cells(after[d]!)} |`),
    '',
    `| route | kind | req/s | p50 ms | p99 ms | ${drivers.map((d) => `x ${d} baseline`).join(' | ')} | failed | note |`,
    `|---|---|---|---|---|${drivers.map(() => '---|').join('')}---|---|`,
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.kind} | ${cells(r.figures)} | ${drivers.map((d) => (r.figures.requestsPerSecond / baselineRps[d]!).toFixed(3)).join(' | ')} | ${failures(r.figures)} | ${r.note} |`,
    ),
    '',
    'Ratios are to the mean of the baseline measured before and after the routes, in this run.',
    '',
    JSON.stringify({ storage: storageName, pace, loadAverages: { before: loadBefore, after: loadAfter }, before, after, results }),
  ];
  console.log(lines.join('\n'));
  if (results.some((r) => failures(r.figures) > 0)) {
    console.error('WARNING: some answers were not the expected success; those routes measured (partly) something else.');
    process.exitCode = 1;
  }
} finally {
  await service.close();
  await removeStorage();
}
