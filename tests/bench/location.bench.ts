/**
 * Throughput of the `/location` heartbeat, the bridge's hottest route (every on-duty officer, about
 * every 5 s), on each HTTP transport of the service (Koa and uWebSockets.js), against the physical
 * baseline of each transport measured in the same run.
 *
 * The composed service runs here on PostgreSQL when DATABASE_URL is set (in a fresh schema, dropped
 * at the end), else on the embedded database (PGlite in a temporary directory). N officers go on
 * duty through `/duty` (auto-provisioned) and each takes a call (`/911`, `/911/self-assign`). Then a
 * second process drives `/location` with autocannon, rotating through the officers: most positions
 * are out of range of their pin (the common heartbeat), every tenth officer reports from inside it.
 *
 * In order, on the same store:
 * 1. the service on the Koa transport (`httpEngine: 'koa'`): at its maximum rate, at half that
 *    rate, with a dispatch board watching the organisation (a Socket.IO client in a third process:
 *    the map broadcast must not make the heartbeat noticeably dearer, goal within 5 %), and again
 *    without the board;
 * 2. the service on the uWS transport (`httpEngine: 'uws'`, a new service on the same data): at
 *    its maximum rate and at half that rate;
 * 3. the baselines (`one-statement-baseline.ts`): bare uWS + one prepared statement, then bare
 *    Koa + one prepared statement and a bare Koa JSON POST with no database.
 *
 * uWebSockets.js needs glibc 2.38 or newer: where it does not load, the benchmark runs itself again
 * under a newer glibc (`scripts/newer-glibc.sh`, see `uws-runtime.ts`), or, when none can be
 * prepared, reports the Koa rows only.
 *
 *   npm run bench:location
 *   BENCH_OFFICERS=200 BENCH_DURATION=10 BENCH_CONNECTIONS=20 BENCH_WARMUP=3 npm run bench:location
 *   BENCH_TRANSPORTS=uws BENCH_BASELINES=none node --cpu-prof --cpu-prof-dir=<dir> --import=tsx tests/bench/location.bench.ts
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, devNull, totalmem } from 'node:os';
import { pino } from 'pino';
import { type RunningService, startService } from '../../composition/service.ts';
import { httpClient } from '../support/http-client.ts';
import { expect, operatorOf, tokenFor } from '../support/operator-driver.ts';
import { benchStorage } from './bench-storage.ts';
import { type LoadFigures, failures, load, loadAverages, measure } from './load.ts';
import { type BaselineServer, baselineDrivers, emptyHandlerBaseline, oneStatementBaselineOn } from './one-statement-baseline.ts';
import { BenchServices, type Transport, helperNode, transportsAsked, uwsOrStartAgain } from './uws-runtime.ts';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const OFFICERS = Math.floor(env('BENCH_OFFICERS', 200));
const DURATION = env('BENCH_DURATION', 10);
const CONNECTIONS = Math.floor(env('BENCH_CONNECTIONS', 20));
const WARMUP = env('BENCH_WARMUP', 3);
/** `none` measures the service alone: for a CPU profile of the service (`node --cpu-prof`) without the baselines in it. */
const BASELINES = process.env['BENCH_BASELINES'] !== 'none';
/** `koa`, `uws` or both (default), comma-separated: the transports measured. */
const TRANSPORTS = transportsAsked();
const OFFICERS_PER_CALL = 10;
const POSITIONS_PER_OFFICER = 5;
const PATH = '/api/v1/integrations/game/location';
const DATABASE_URL = process.env['DATABASE_URL'];
/** The driver the service reads PostgreSQL with, so the baseline the issue's ratios are taken to. */
const SERVICE_DRIVER = DATABASE_URL === undefined ? 'pglite' : 'pg';

/** Null when uWS loads here; else why the uWS rows are not measured (this process may start again under a newer glibc). */
const uwsProblem = await uwsOrStartAgain(TRANSPORTS.includes('uws'));

const pace = { warmupSeconds: WARMUP, durationSeconds: DURATION, connections: CONNECTIONS };
const label: Record<Transport, string> = { koa: 'Koa', uws: 'uWS' };

async function inBatches<T>(count: number, size: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, k) => work(start + k)))));
  }
  return results;
}

/** A transport's figures, or why it was not measured. */
type Measured<T> = { readonly figures: T } | { readonly unavailable: string };
interface TransportFigures {
  readonly max: LoadFigures;
  readonly halfRate: number;
  readonly atHalfRate: LoadFigures;
  readonly withBoard?: LoadFigures;
  readonly againWithoutBoard?: LoadFigures;
}

const { storage, name: storageName, target, remove: removeStorage } = await benchStorage('bench_location');

const bootstrapKey = `cad_op_bench_${randomBytes(24).toString('base64url')}`;
const startOn = (transport: Transport) =>
  startService({
    storage,
    port: 0,
    host: '127.0.0.1',
    httpEngine: transport,
    // BENCH_LOG_LEVEL=info logs every request as `npm start` does (to the null device), to see what logging costs.
    logger: pino({ level: process.env['BENCH_LOG_LEVEL'] ?? 'silent' }, pino.destination({ dest: devNull, sync: false })),
    rateLimitScale: 1_000_000,
    autoProvisionPerHour: 1_000_000_000,
    bootstrapKey,
    // The realtime channel, as `npm start` has it: on Koa, on a port of its own (or Node's server
    // where uWS does not load); on uWS, sharing the app. The Koa run's board connects to it.
    realtime: { engine: 'auto', port: 0 },
  });
// The organisation is set up through the Koa transport, which is always there; the uWS service then
// opens the same data (the signing key is in the store, so the token stays good).
const services = new BenchServices(startOn, uwsProblem, label);
const service = await services.first('koa');
try {
  const http = httpClient(service.url);
  const operator = operatorOf(http, bootstrapKey);
  const org = await operator.organisation();
  const departmentId = await org.department('lspd');
  const token = await tokenFor(http, await org.gameCredential(departmentId));
  const bridge = async (path: string, body: unknown, flag: string) => {
    const answer = expect(await http.post(`/api/v1/integrations/game${path}`, body, { token }), 200);
    if (answer[flag] !== true) throw new Error(`${path} refused: ${JSON.stringify(answer)}`);
    return answer;
  };

  const setupStarted = performance.now();
  const identifiers = (i: number) => ({ license: `license:bench-officer-${i}` });
  await inBatches(OFFICERS, 10, (i) => bridge('/duty', { identifiers: identifiers(i), departmentSlug: 'lspd', onDuty: true }, 'synced'));
  const caller = { license: 'license:bench-caller' };
  await bridge('/duty', { identifiers: caller, departmentSlug: 'lspd', onDuty: false }, 'synced');
  const pins = Array.from({ length: Math.ceil(OFFICERS / OFFICERS_PER_CALL) }, (_, c) => ({ mapX: 1000 * c, mapY: -500 * c }));
  const callIds: string[] = [];
  for (const pin of pins) callIds.push((await bridge('/911', { identifiers: caller, ...pin, description: 'bench' }, 'reported')).callId);
  await inBatches(OFFICERS, 10, (i) =>
    bridge('/911/self-assign', { identifiers: identifiers(i), callId: callIds[Math.floor(i / OFFICERS_PER_CALL)] }, 'assigned'),
  );
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  const { key: boardKey } = await org.operatorKey(['dispatch.manage'], 'bench board');
  const apiToken = await tokenFor(http, await org.apiCredential(['cad.unit.view']));

  // Position v of officer i, interleaved so that consecutive requests come from different officers.
  // Every tenth officer reports from inside the arrival radius (50) of its pin, the rest from 300+ away.
  const bodies: string[] = [];
  for (let v = 0; v < POSITIONS_PER_OFFICER; v++) {
    for (let i = 0; i < OFFICERS; i++) {
      const pin = pins[Math.floor(i / OFFICERS_PER_CALL)]!;
      const arriving = i % 10 === 0;
      const offset = arriving ? 5 * v : 300 + 40 * v;
      bodies.push(JSON.stringify({ identifiers: identifiers(i), mapX: pin.mapX + offset, mapY: pin.mapY - offset }));
    }
  }
  const job = { path: PATH, headers: { authorization: `Bearer ${token}` }, bodies, expectText: '"reported":true' };

  /** The board run: the same load with a dispatch board watching (in its own process, as a dispatcher's browser is). */
  const withBoard = async (running: RunningService) => {
    const board = fork(new URL('./dispatch-load.ts', import.meta.url), [], { execArgv: ['--import=tsx'], execPath: helperNode() });
    const ask = (message: object) =>
      new Promise<void>((resolve, reject) => {
        board.once('message', (answer: { error?: string }) => (answer.error ? reject(new Error(answer.error)) : resolve()));
        board.send(message);
      });
    await ask({
      setup: {
        url: running.url,
        realtimeUrl: running.realtime!.url,
        token,
        key: boardKey,
        organisationId: org.organisationId,
        officers: OFFICERS,
        intervalMs: 5000,
      },
    });
    await ask({ connect: 1 });
    try {
      return await measure('Koa transport /location, a board watching', { ...job, url: running.url }, pace);
    } finally {
      board.send({ stop: true });
    }
  };

  const onTransport = async (transport: Transport, running: RunningService): Promise<TransportFigures> => {
    const name = `${label[transport]} transport /location`;
    const max = await measure(name, { ...job, url: running.url }, pace);
    // The latency a busy server sees below saturation: the same load at half the rate just measured.
    const halfRate = Math.max(1, Math.round(max.requestsPerSecond / 2));
    process.stdout.write(`${name} at half that rate (${halfRate} req/s): measuring ${DURATION}s...\n`);
    const atHalfRate = await load({ ...job, url: running.url, connections: CONNECTIONS, durationSeconds: DURATION, overallRate: halfRate });
    if (transport !== 'koa') return { max, halfRate, atHalfRate };
    const watched = await withBoard(running);
    // Once more without the board: the machine's own drift between the two is then visible.
    const again = await measure(`${name} again, no board`, { ...job, url: running.url }, pace);
    return { max, halfRate, atHalfRate, withBoard: watched, againWithoutBoard: again };
  };

  const loadBefore = await loadAverages();
  const transports: Partial<Record<Transport, Measured<TransportFigures>>> = {};
  let unitsAfter: Record<string, number> = {};
  for (const transport of TRANSPORTS) {
    const running = await services.on(transport);
    if ('unavailable' in running) {
      transports[transport] = running;
      continue;
    }
    const service = running.service;
    transports[transport] = { figures: await onTransport(transport, service) };
    const units = expect(
      await httpClient(service.url).get(`/api/v1/units?departmentId=${departmentId}`, { token: apiToken }),
      200,
    ) as Array<{
      status: string;
    }>;
    unitsAfter = units.reduce<Record<string, number>>((acc, u) => ({ ...acc, [u.status]: (acc[u.status] ?? 0) + 1 }), {});
    await services.close();
  }

  // The baselines, right after the transports; uWS's first, as the uWS transport was measured last.
  const onBaseline = async (name: string, start: () => Promise<BaselineServer>) => {
    const server = await start();
    try {
      return await measure(name, { ...job, url: server.url }, pace);
    } finally {
      await server.close();
    }
  };
  const licenses = Array.from({ length: OFFICERS }, (_, i) => identifiers(i).license);
  const oneStatement: Partial<Record<Transport, Measured<Record<string, LoadFigures>>>> = {};
  for (const transport of BASELINES ? ([...TRANSPORTS].reverse() as Transport[]) : []) {
    if (transport === 'uws' && uwsProblem !== null) {
      oneStatement.uws = { unavailable: uwsProblem };
      continue;
    }
    const figures: Record<string, LoadFigures> = {};
    for (const driver of baselineDrivers(DATABASE_URL)) {
      figures[driver] = await onBaseline(`${label[transport]} + one prepared statement (${driver})`, () =>
        oneStatementBaselineOn(transport, driver, licenses, target),
      );
    }
    oneStatement[transport] = { figures };
  }
  const emptyFigures =
    BASELINES && TRANSPORTS.includes('koa') ? await onBaseline('bare Koa baseline', () => emptyHandlerBaseline(PATH)) : null;
  const loadAfter = await loadAverages();

  const measured = <T>(m: Measured<T> | undefined): T | undefined => (m !== undefined && 'figures' in m ? m.figures : undefined);
  const koa = measured(transports.koa);
  const uws = measured(transports.uws);
  const ratio = (a: LoadFigures, b: LoadFigures) =>
    `${(a.requestsPerSecond / b.requestsPerSecond).toFixed(3)} of the throughput, p50 ${(a.p50Ms / Math.max(b.p50Ms, 1)).toFixed(1)}x, p99 ${(a.p99Ms / Math.max(b.p99Ms, 1)).toFixed(1)}x`;
  const row = (name: string, f: LoadFigures) =>
    `| ${name} | ${Math.round(f.requestsPerSecond)} | ${f.p50Ms} | ${f.p90Ms} | ${f.p99Ms} | ${f.total} | ${failures(f)} |`;
  const missing = (name: string, reason: string) => `| ${name} | not available: ${reason} | | | | | |`;
  const transportRows = (transport: Transport): string[] => {
    const m = transports[transport];
    const name = `${label[transport]} transport POST /location`;
    if (m === undefined) return [];
    if ('unavailable' in m) return [missing(name, m.unavailable)];
    const f = m.figures;
    return [
      row(name, f.max),
      row(`${name} at half its maximum rate (${f.halfRate} req/s offered)`, f.atHalfRate),
      ...(f.withBoard ? [row(`${name}, a dispatch board watching`, f.withBoard)] : []),
      ...(f.againWithoutBoard ? [row(`${name} again, no board`, f.againWithoutBoard)] : []),
    ];
  };
  const baselineRows = (transport: Transport): string[] => {
    const m = oneStatement[transport];
    if (m === undefined) return [];
    if ('unavailable' in m) return [missing(`bare ${label[transport]} + one prepared statement`, m.unavailable)];
    return Object.entries(m.figures).map(([driver, f]) => row(`bare ${label[transport]} + one prepared statement (${driver})`, f));
  };
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const ratios: string[] = [];
  for (const transport of TRANSPORTS) {
    const t = measured(transports[transport]);
    const b = measured(oneStatement[transport]);
    if (t === undefined || b === undefined) continue;
    for (const [driver, f] of Object.entries(b)) {
      ratios.push(`${label[transport]} transport / ${label[transport]} + one statement (${driver}): ${ratio(t.max, f)}`);
    }
  }
  if (koa !== undefined && emptyFigures !== null) ratios.push(`Koa transport / bare Koa, no database: ${ratio(koa.max, emptyFigures)}`);
  if (koa !== undefined && uws !== undefined) ratios.push(`uWS transport / Koa transport: ${ratio(uws.max, koa.max)}`);
  for (const [transport, t] of [
    ['koa', koa],
    ['uws', uws],
  ] as const) {
    if (t !== undefined)
      ratios.push(`${label[transport]} transport at half its maximum rate (${t.halfRate} req/s offered): p99 ${t.atHalfRate.p99Ms} ms`);
  }
  if (koa?.withBoard !== undefined && koa.againWithoutBoard !== undefined) {
    ratios.push(
      `Koa transport with a board watching / without (mean of before and after): ${ratio(koa.withBoard, {
        ...koa.max,
        requestsPerSecond: (koa.max.requestsPerSecond + koa.againWithoutBoard.requestsPerSecond) / 2,
      })} (goal: within 5 %)`,
    );
  }

  // Issue 24's done-when, on this run's figures.
  const goals: string[] = [];
  const uwsBaseline = measured(oneStatement.uws)?.[SERVICE_DRIVER];
  if (uws !== undefined && uwsBaseline !== undefined) {
    const r = uws.max.requestsPerSecond / uwsBaseline.requestsPerSecond;
    goals.push(`uWS transport / uWS + one statement (${SERVICE_DRIVER}): ${r.toFixed(3)}, at least 0.8: ${verdict(r >= 0.8)}`);
  }
  if (DATABASE_URL !== undefined && uws !== undefined && koa !== undefined) {
    const r = uws.max.requestsPerSecond / koa.max.requestsPerSecond;
    goals.push(`uWS transport / Koa transport: ${r.toFixed(3)}, at least 1.5: ${verdict(r >= 1.5)}`);
  }
  if (DATABASE_URL !== undefined && uws !== undefined) {
    goals.push(
      `uWS transport's p99 at half its maximum rate: ${uws.atHalfRate.p99Ms} ms, under 10 ms: ${verdict(uws.atHalfRate.p99Ms < 10)}`,
    );
  }

  console.log(
    [
      '',
      `storage: ${storageName}; ${OFFICERS} officers on ${pins.length} calls (set up in ${setupSeconds.toFixed(1)} s)`,
      `load: autocannon in a second process, ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s warm-up`,
      `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
      `order: ${TRANSPORTS.map((t) => `${label[t]} transport`).join(', ')}${
        BASELINES
          ? `, then the baselines (${[...TRANSPORTS]
              .reverse()
              .map((t) => label[t])
              .join(', ')})`
          : ''
      }`,
      `load averages (1, 5, 15 min): ${loadBefore} at the start, ${loadAfter} at the end`,
      '',
      '| target | req/s | p50 ms | p90 ms | p99 ms | requests | failed |',
      '|---|---|---|---|---|---|---|',
      ...transportRows('koa'),
      ...baselineRows('koa'),
      ...(emptyFigures === null ? [] : [row('bare Koa JSON POST (no database)', emptyFigures)]),
      ...transportRows('uws'),
      ...baselineRows('uws'),
      '',
      ...ratios,
      ...(goals.length === 0
        ? []
        : ['', `issue 24 (${DATABASE_URL === undefined ? 'PGlite' : 'PostgreSQL'}):`, ...goals.map((g) => `  ${g}`)]),
      '',
      `units afterwards: ${JSON.stringify(unitsAfter)} (${OFFICERS / 10} officers reported from inside their pin's radius)`,
      '',
      JSON.stringify({
        storage: storageName,
        officers: OFFICERS,
        connections: CONNECTIONS,
        duration: DURATION,
        loadAverages: { start: loadBefore, end: loadAfter },
        transports,
        oneStatement,
        emptyKoa: emptyFigures,
      }),
    ].join('\n'),
  );
  const checked: LoadFigures[] = [
    ...Object.values(transports).flatMap((m) => (m && 'figures' in m ? Object.values(m.figures).filter((f) => typeof f === 'object') : [])),
    ...Object.values(oneStatement).flatMap((m) => (m && 'figures' in m ? Object.values(m.figures) : [])),
  ];
  const failed = checked.reduce((n, f) => n + failures(f), 0);
  if (failed > 0) {
    console.error(`WARNING: ${failed} service or one-statement answers were not { reported: true }; the figures are not comparable.`);
    process.exitCode = 1;
  }
} finally {
  await services.close();
  await removeStorage();
}
