/**
 * Throughput of the `/location` heartbeat, the bridge's hottest route (every on-duty officer, about
 * every 5 s), against a bare Koa JSON route measured in the same run as the baseline.
 *
 * The composed service runs here on PostgreSQL when DATABASE_URL is set (in a fresh schema, dropped
 * at the end), else on the embedded database (PGlite in a temporary directory). N officers go on
 * duty through `/duty` (auto-provisioned) and each takes a call (`/911`, `/911/self-assign`). Then a
 * second process drives `/location` with autocannon, rotating through the officers: most positions
 * are out of range of their pin (the common heartbeat), every tenth officer reports from inside it.
 * The same run measures the baselines: a bare Koa JSON POST with no database, and bare Koa running
 * one prepared statement per request on the same store (`one-statement-baseline.ts`), and the
 * service again with a dispatch board watching the organisation (a Socket.IO client in a third
 * process): the map broadcast must not make the heartbeat noticeably dearer (goal: within 5 %).
 *
 *   npm run bench:location
 *   BENCH_OFFICERS=200 BENCH_DURATION=10 BENCH_CONNECTIONS=20 BENCH_WARMUP=3 npm run bench:location
 *   BENCH_BASELINES=none node --cpu-prof --cpu-prof-dir=<dir> --import=tsx tests/bench/location.bench.ts
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, devNull, totalmem } from 'node:os';
import { pino } from 'pino';
import { startService } from '../../composition/service.ts';
import { httpClient } from '../support/http-client.ts';
import { expect, operatorOf, tokenFor } from '../support/operator-driver.ts';
import { benchStorage } from './bench-storage.ts';
import { type LoadFigures, failures, load, loadAverages, measure } from './load.ts';
import { type BaselineServer, baselineDrivers, emptyHandlerBaseline, oneStatementBaseline } from './one-statement-baseline.ts';

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
const OFFICERS_PER_CALL = 10;
const POSITIONS_PER_OFFICER = 5;
const PATH = '/api/v1/integrations/game/location';
const DATABASE_URL = process.env['DATABASE_URL'];

const pace = { warmupSeconds: WARMUP, durationSeconds: DURATION, connections: CONNECTIONS };

async function inBatches<T>(count: number, size: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, k) => work(start + k)))));
  }
  return results;
}

const { storage, name: storageName, target, remove: removeStorage } = await benchStorage('bench_location');

const bootstrapKey = `cad_op_bench_${randomBytes(24).toString('base64url')}`;
const service = await startService({
  storage,
  port: 0,
  host: '127.0.0.1',
  // BENCH_LOG_LEVEL=info logs every request as `npm start` does (to the null device), to see what logging costs.
  logger: pino({ level: process.env['BENCH_LOG_LEVEL'] ?? 'silent' }, pino.destination({ dest: devNull, sync: false })),
  rateLimitScale: 1_000_000,
  autoProvisionPerHour: 1_000_000_000,
  bootstrapKey,
  realtime: { engine: 'auto', port: 0 },
});
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
  const loadBefore = await loadAverages();
  const serviceFigures = await measure('service /location', { ...job, url: service.url }, pace);
  // The latency a busy server sees below saturation: the same load at half the rate just measured.
  const halfRate = Math.max(1, Math.round(serviceFigures.requestsPerSecond / 2));
  process.stdout.write(`service /location at half that rate (${halfRate} req/s): measuring ${DURATION}s...\n`);
  const halfRateFigures = await load({
    ...job,
    url: service.url,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    overallRate: halfRate,
  });
  // The same load with a dispatch board watching (in its own process, as a dispatcher's browser is).
  const board = fork(new URL('./dispatch-load.ts', import.meta.url), [], { execArgv: ['--import=tsx'] });
  const ask = (message: object) =>
    new Promise<void>((resolve, reject) => {
      board.once('message', (answer: { error?: string }) => (answer.error ? reject(new Error(answer.error)) : resolve()));
      board.send(message);
    });
  const { key } = await org.operatorKey(['dispatch.manage'], 'bench board');
  const realtimeUrl = service.realtime!.url;
  await ask({
    setup: { url: service.url, realtimeUrl, token, key, organisationId: org.organisationId, officers: OFFICERS, intervalMs: 5000 },
  });
  await ask({ connect: 1 });
  const watchedFigures = await measure('service /location, a board watching', { ...job, url: service.url }, pace);
  board.send({ stop: true });
  // Once more without the board: the machine's own drift between the two is then visible.
  const againFigures = await measure('service /location again, no board', { ...job, url: service.url }, pace);
  const onBaseline = async (name: string, start: () => Promise<BaselineServer>) => {
    const server = await start();
    try {
      return await measure(name, { ...job, url: server.url }, pace);
    } finally {
      await server.close();
    }
  };
  const emptyFigures = BASELINES ? await onBaseline('bare Koa baseline', () => emptyHandlerBaseline(PATH)) : null;
  const licenses = Array.from({ length: OFFICERS }, (_, i) => identifiers(i).license);
  const statementFigures: Array<{ driver: string; figures: LoadFigures }> = [];
  for (const driver of BASELINES ? baselineDrivers(DATABASE_URL) : []) {
    statementFigures.push({
      driver,
      figures: await onBaseline(`one-statement baseline (${driver})`, () => oneStatementBaseline(driver, licenses, target)),
    });
  }
  const loadAfter = await loadAverages();

  const api = await tokenFor(http, await org.apiCredential(['cad.unit.view']));
  const units = expect(await http.get(`/api/v1/units?departmentId=${departmentId}`, { token: api }), 200) as Array<{ status: string }>;
  const byStatus = units.reduce<Record<string, number>>((acc, u) => ({ ...acc, [u.status]: (acc[u.status] ?? 0) + 1 }), {});

  const ratio = (a: LoadFigures, b: LoadFigures) =>
    `${(a.requestsPerSecond / b.requestsPerSecond).toFixed(3)} of the throughput, p50 ${(a.p50Ms / Math.max(b.p50Ms, 1)).toFixed(1)}x, p99 ${(a.p99Ms / Math.max(b.p99Ms, 1)).toFixed(1)}x`;
  const row = (name: string, f: LoadFigures) =>
    `| ${name} | ${Math.round(f.requestsPerSecond)} | ${f.p50Ms} | ${f.p90Ms} | ${f.p99Ms} | ${f.total} | ${f.errors + f.timeouts + f.non2xx + f.mismatches} |`;
  console.log(
    [
      '',
      `storage: ${storageName}; ${OFFICERS} officers on ${pins.length} calls (set up in ${setupSeconds.toFixed(1)} s)`,
      `load: autocannon in a second process, ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s warm-up`,
      `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
      '',
      '| target | req/s | p50 ms | p90 ms | p99 ms | requests | failed |',
      '|---|---|---|---|---|---|---|',
      row('service POST /location', serviceFigures),
      row(`service POST /location at half its maximum rate (${halfRate} req/s offered)`, halfRateFigures),
      row('service POST /location, a dispatch board watching', watchedFigures),
      row('service POST /location again, no board', againFigures),
      ...(emptyFigures === null ? [] : [row('bare Koa JSON POST (no database)', emptyFigures)]),
      ...statementFigures.map((s) => row(`bare Koa + one prepared statement (${s.driver})`, s.figures)),
      '',
      ...(emptyFigures === null ? [] : [`service / empty-handler baseline: ${ratio(serviceFigures, emptyFigures)}`]),
      ...statementFigures.map((s) => `service / one-statement baseline (${s.driver}): ${ratio(serviceFigures, s.figures)}`),
      `service at half its maximum rate: p99 ${halfRateFigures.p99Ms} ms (issue 11's target: under 20 ms on PostgreSQL)`,
      `service with a board watching / without (mean of before and after): ${ratio(watchedFigures, {
        ...serviceFigures,
        requestsPerSecond: (serviceFigures.requestsPerSecond + againFigures.requestsPerSecond) / 2,
      })} (goal: within 5 %)`,
      `load averages (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after`,
      `units afterwards: ${JSON.stringify(byStatus)} (${OFFICERS / 10} officers reported from inside their pin's radius)`,
      '',
      JSON.stringify({
        storage: storageName,
        officers: OFFICERS,
        connections: CONNECTIONS,
        duration: DURATION,
        loadAverages: { before: loadBefore, after: loadAfter },
        service: serviceFigures,
        serviceAtHalfRate: { offeredPerSecond: halfRate, ...halfRateFigures },
        serviceWithBoard: watchedFigures,
        serviceAgainWithoutBoard: againFigures,
        baseline: emptyFigures,
        oneStatement: Object.fromEntries(statementFigures.map((s) => [s.driver, s.figures])),
      }),
    ].join('\n'),
  );
  const failed =
    failures(serviceFigures) +
    failures(halfRateFigures) +
    failures(watchedFigures) +
    failures(againFigures) +
    statementFigures.reduce((n, s) => n + failures(s.figures), 0);
  if (failed > 0) {
    console.error(`WARNING: ${failed} service or one-statement answers were not { reported: true }; the figures are not comparable.`);
    process.exitCode = 1;
  }
} finally {
  await service.close();
  await removeStorage();
}
