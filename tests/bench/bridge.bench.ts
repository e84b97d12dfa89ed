/**
 * Throughput of every credentialed route of the game bridge, one after another, on each HTTP
 * transport of the service (Koa and uWebSockets.js) in one run, each against the physical baseline
 * of its own transport measured in the same run (bare Koa or bare uWS + one prepared statement on
 * the same store; see `one-statement-baseline.ts`). The Koa pass measures a second baseline, the
 * floor of any write: bare Koa making one durable commit per request (`oneWriteBaseline`); write
 * routes are given as a share of it too. Not a test: it prints figures.
 *
 * The composed service runs on PostgreSQL when DATABASE_URL is set (a fresh schema, dropped at the
 * end), else on PGlite in a temporary directory. A population is prepared first (see `bridge-world.ts`),
 * then each route is driven by autocannon from a second process with realistic bodies that rotate
 * through the population. Writes are shaped so that they keep succeeding without wrecking the
 * population: self-assign alternates with unassign for the same officer, duty toggles on and off,
 * claims are each officer's own civilian, upserts hit existing records, link codes are issued ahead
 * (a set for each transport).
 *
 * Per transport, in order: its baseline, every route on the service started with that `httpEngine`
 * (a new service on the same data), its baseline again. The Koa transport goes first; the uWS
 * transport's writes therefore meet tables that the Koa pass has grown a little.
 *
 * uWebSockets.js needs glibc 2.38 or newer: where it does not load, the benchmark runs itself again
 * under a newer glibc (`scripts/newer-glibc.sh`, see `uws-runtime.ts`), or, when none can be
 * prepared, reports the Koa rows only.
 *
 *   npm run bench:bridge
 *   BENCH_DURATION=5 BENCH_WARMUP=2 BENCH_CONNECTIONS=20 BENCH_ONLY=location,waypoint npm run bench:bridge
 *   BENCH_TRANSPORTS=uws npm run bench:bridge
 *
 * With BENCH_KEYED=1, each write route is measured a second time with a fresh Idempotency-Key on
 * every request (decision 0085), right after its run without one. BENCH_BASELINES=none leaves the
 * baselines out.
 */
import { randomBytes } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { pino } from 'pino';
import { startService } from '../../composition/service.ts';
import { httpClient } from '../support/http-client.ts';
import { LINK_CODES_MEASURED, LINK_CODES_WARMUP, bridgeRouteLoads } from './bridge-loads.ts';
import { defaultSize, prepareBridgeWorld } from '../support/bridge-population.ts';
import { benchStorage } from './bench-storage.ts';
import { type LoadFigures, type LoadJob, failures, load, loadAverages, measure } from './load.ts';
import { baselineDrivers, oneStatementBaselineOn, oneWriteBaseline } from './one-statement-baseline.ts';
import { BenchServices, type Transport, transportsAsked, uwsOrStartAgain } from './uws-runtime.ts';
import { WaitSampler, type WaitProfile, describeWaits } from './wait-sampler.ts';

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
const BASELINES = process.env['BENCH_BASELINES'] !== 'none';
const TRANSPORTS = transportsAsked();
const DATABASE_URL = process.env['DATABASE_URL'];
/** On PostgreSQL, where the service's connections wait during each measured run (BENCH_WAITS=0 leaves it out). */
const SAMPLE_WAITS = DATABASE_URL !== undefined && process.env['BENCH_WAITS'] !== '0';
/** The driver the service reads PostgreSQL with, so the baseline issue 24's ratio is taken to. */
const SERVICE_DRIVER = DATABASE_URL === undefined ? 'pglite' : 'pg';
/** The Koa pass's second baseline, the floor of a write: one durable commit per request. */
const WRITE_FLOOR = 'one write';

/** Null when uWS loads here; else why the uWS rows are not measured (this process may start again under a newer glibc). */
const uwsProblem = await uwsOrStartAgain(TRANSPORTS.includes('uws'));
const label: Record<Transport, string> = { koa: 'Koa', uws: 'uWS' };

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
const startOn = (transport: Transport) =>
  startService({
    storage,
    port: 0,
    host: '127.0.0.1',
    httpEngine: transport,
    logger: pino({ level: 'silent' }),
    rateLimitScale: 1_000_000,
    autoProvisionPerHour: 1_000_000_000,
    bootstrapKey,
  });
const LINK_CODES_PER_PASS = LINK_CODES_WARMUP + LINK_CODES_MEASURED;

interface RouteResult {
  readonly name: string;
  readonly kind: 'read' | 'write';
  readonly note: string;
  readonly figures: Partial<Record<Transport, LoadFigures>>;
}
type Baselines = Record<string, LoadFigures>;

// The population is made through the Koa transport, which is always there; each transport's pass
// then opens the same data in a service of its own (the signing key is in the store, so the token stays good).
const services = new BenchServices(startOn, uwsProblem, label);
const service = await services.first('koa');
try {
  const setupStarted = performance.now();
  const world = await prepareBridgeWorld(service.url, bootstrapKey, {
    ...defaultSize,
    linkCodes: LINK_CODES_PER_PASS * TRANSPORTS.length,
  });
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  const headers = { authorization: `Bearer ${world.token}` };

  const baselines = async (transport: Transport, when: string): Promise<Baselines> => {
    const figures: Baselines = {};
    for (const driver of BASELINES ? baselineDrivers(DATABASE_URL) : []) {
      const server = await oneStatementBaselineOn(transport, driver, world.licenses, target);
      try {
        figures[driver] = await measure(
          `${label[transport]} + one prepared statement (${driver}, ${when})`,
          { url: server.url, path: '/baseline', headers, bodies: world.heartbeatBodies, expectText: '"reported":true' },
          pace,
        );
      } finally {
        await server.close();
      }
    }
    if (BASELINES && transport === 'koa') {
      const server = await oneWriteBaseline(SERVICE_DRIVER, world.licenses, target);
      try {
        figures[WRITE_FLOOR] = await measure(
          `Koa + one committed write (${SERVICE_DRIVER}, ${when})`,
          { url: server.url, path: '/baseline', headers, bodies: world.heartbeatBodies, expectText: '"reported":true' },
          pace,
        );
      } finally {
        await server.close();
      }
    }
    return figures;
  };

  const loadBefore = await loadAverages();
  const unavailable: Partial<Record<Transport, string>> = {};
  const before: Partial<Record<Transport, Baselines>> = {};
  const after: Partial<Record<Transport, Baselines>> = {};
  const results = new Map<string, RouteResult>();
  const waits = new Map<string, WaitProfile>();
  const sampler = SAMPLE_WAITS ? await WaitSampler.open(DATABASE_URL!) : undefined;
  const record = (name: string, kind: 'read' | 'write', note: string, transport: Transport, figures: LoadFigures) => {
    const known = results.get(name) ?? { name, kind, note, figures: {} };
    results.set(name, { ...known, figures: { ...known.figures, [transport]: figures } });
  };
  for (const [pass, transport] of TRANSPORTS.entries()) {
    const running = await services.on(transport);
    if ('unavailable' in running) {
      unavailable[transport] = running.unavailable;
      continue;
    }
    const url = running.service.url;
    // This pass's world: requests (and the spares' release between warm-up and run) go to this
    // transport's service, with link codes of its own.
    const onThis = {
      ...world,
      url,
      http: httpClient(url),
      linkCodes: world.linkCodes.slice(pass * LINK_CODES_PER_PASS, (pass + 1) * LINK_CODES_PER_PASS),
    };
    before[transport] = await baselines(transport, 'before');
    for (const route of bridgeRouteLoads(onThis, pass)) {
      if (ONLY !== undefined && !ONLY.includes(route.key)) continue;
      const job = { url, path: '', headers, bodies: [], steps: route.steps, expectText: route.expectText };
      const name = `${label[transport]}: ${route.name}`;
      // The sampler starts after the warm-up (and the route's reset) and stops with the measured run.
      const between = async () => {
        await route.between?.();
        sampler?.start();
      };
      if (route.amounts !== undefined) sampler?.start();
      const figures = route.amounts === undefined ? await measure(name, job, pace, between) : await measureCount(name, job, route.amounts);
      if (sampler !== undefined) waits.set(`${label[transport]}: ${route.name}`, sampler.stop());
      record(route.name, route.kind, route.note ?? '', transport, figures);
      if (KEYED && route.kind === 'write' && route.amounts === undefined) {
        const keyed = await measure(`${name}, with Idempotency-Key`, { ...job, idempotencyKeys: true }, pace, route.between);
        record(`${route.name} (Idempotency-Key)`, route.kind, 'a fresh key per request', transport, keyed);
      }
    }
    after[transport] = await baselines(transport, 'after');
    await services.close();
  }
  await sampler?.close();
  const loadAfter = await loadAverages();

  const measured = TRANSPORTS.filter((t) => unavailable[t] === undefined);
  const drivers = BASELINES ? baselineDrivers(DATABASE_URL) : [];
  /** The mean of a transport's baseline before and after its routes. */
  const baselineRps = (t: Transport, d: string) => (before[t]![d]!.requestsPerSecond + after[t]![d]!.requestsPerSecond) / 2;
  const cells = (f: LoadFigures | undefined) =>
    f === undefined ? ' | | ' : `${Math.round(f.requestsPerSecond)} | ${f.p50Ms} | ${f.p99Ms}`;
  const floorOf = (t: Transport) => (BASELINES && t === 'koa' ? [WRITE_FLOOR] : []);
  const columns = measured.flatMap((t) => [
    `${label[t]} req/s`,
    'p50 ms',
    'p99 ms',
    ...drivers.map((d) => `x ${label[t]} ${d} baseline`),
    ...floorOf(t).map(() => `x ${label[t]} one-write floor`),
  ]);
  const both = measured.includes('koa') && measured.includes('uws');
  const resultRow = (r: RouteResult) => {
    const perTransport = measured.flatMap((t) => {
      const f = r.figures[t];
      return [
        cells(f),
        ...drivers.map((d) => (f === undefined ? '' : (f.requestsPerSecond / baselineRps(t, d)).toFixed(3))),
        ...floorOf(t).map((d) => (f === undefined || r.kind !== 'write' ? '' : (f.requestsPerSecond / baselineRps(t, d)).toFixed(3))),
      ];
    });
    const versus =
      both && r.figures.koa && r.figures.uws
        ? [(r.figures.uws.requestsPerSecond / r.figures.koa.requestsPerSecond).toFixed(3)]
        : both
          ? ['']
          : [];
    const failed = Object.values(r.figures).reduce((n, f) => n + failures(f), 0);
    return `| ${r.name} | ${r.kind} | ${[...perTransport, ...versus].join(' | ')} | ${failed} | ${r.note} |`;
  };
  const goals: string[] = [];
  const location = results.get('POST /location');
  if (location?.figures.uws !== undefined && drivers.includes(SERVICE_DRIVER)) {
    const r = location.figures.uws.requestsPerSecond / baselineRps('uws', SERVICE_DRIVER);
    goals.push(
      `uWS transport /location / uWS + one statement (${SERVICE_DRIVER}): ${r.toFixed(3)}, at least 0.8: ${r >= 0.8 ? 'met' : 'NOT met'}`,
    );
  }
  if (DATABASE_URL !== undefined && location?.figures.uws !== undefined && location.figures.koa !== undefined) {
    const r = location.figures.uws.requestsPerSecond / location.figures.koa.requestsPerSecond;
    goals.push(`uWS transport /location / Koa transport: ${r.toFixed(3)}, at least 1.5: ${r >= 1.5 ? 'met' : 'NOT met'}`);
  }
  const lines = [
    '',
    `storage: ${storageName}; ${world.summary} (set up in ${setupSeconds.toFixed(1)} s)`,
    `load: autocannon in a second process, ${pace.connections} connections, ${pace.durationSeconds} s after ${pace.warmupSeconds} s warm-up per route`,
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
    `order: ${measured.map((t) => `${label[t]} (${BASELINES ? 'baseline, routes, baseline' : 'routes'})`).join(', ')}`,
    `load averages (1, 5, 15 min): ${loadBefore} at the start, ${loadAfter} at the end`,
    ...TRANSPORTS.filter((t) => unavailable[t] !== undefined).map((t) => `${label[t]} transport: not available: ${unavailable[t]}`),
    '',
    ...(drivers.length === 0 || measured.length === 0
      ? []
      : [
          '| baseline | req/s before | p50 ms | p99 ms | req/s after | p50 ms | p99 ms |',
          '|---|---|---|---|---|---|---|',
          ...measured.flatMap((t) => [
            ...drivers.map(
              (d) => `| bare ${label[t]} + one prepared statement (${d}) | ${cells(before[t]![d])} | ${cells(after[t]![d])} |`,
            ),
            ...floorOf(t).map(
              (d) => `| bare ${label[t]} + one committed write (${SERVICE_DRIVER}) | ${cells(before[t]![d])} | ${cells(after[t]![d])} |`,
            ),
          ]),
          '',
        ]),
    `| route | kind | ${[...columns, ...(both ? ['uWS / Koa'] : [])].join(' | ')} | failed | note |`,
    `|---|---|${[...columns, ...(both ? ['x'] : [])].map(() => '---|').join('')}---|---|`,
    ...[...results.values()].map(resultRow),
    '',
    "Ratios are to the mean of the same transport's baseline measured before and after its routes, in this run;",
    'the one-write floor (Koa only, write routes only) is a bare Koa app making one durable commit per request.',
    ...(waits.size === 0
      ? []
      : [
          '',
          "Where the service's PostgreSQL connections were during each measured run (pg_stat_activity and",
          "pg_locks sampled every 10 ms; 'idle in transaction' is a transaction waiting for the service's next",
          "statement, 'waiting Lock:...' one queued behind another's lock):",
          '',
          '| route | server side |',
          '|---|---|',
          ...[...waits].map(([name, profile]) => `| ${name} | ${describeWaits(profile)} |`),
        ]),
    ...(goals.length === 0
      ? []
      : ['', `issue 24 (${DATABASE_URL === undefined ? 'PGlite' : 'PostgreSQL'}):`, ...goals.map((g) => `  ${g}`)]),
    '',
    JSON.stringify({
      storage: storageName,
      pace,
      loadAverages: { start: loadBefore, end: loadAfter },
      unavailable,
      before,
      after,
      results: [...results.values()],
      waits: Object.fromEntries(waits),
    }),
  ];
  console.log(lines.join('\n'));
  if ([...results.values()].some((r) => Object.values(r.figures).some((f) => failures(f) > 0))) {
    console.error('WARNING: some answers were not the expected success; those routes measured (partly) something else.');
    process.exitCode = 1;
  }
} finally {
  await services.close();
  await removeStorage();
}
