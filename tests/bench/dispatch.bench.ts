/**
 * The dispatch board under a shift's load: OFFICERS officers heartbeating every INTERVAL seconds
 * (1,000 every 5 s: 200 heartbeats a second), with no board connected and then with BOARDS boards
 * on the `/dispatch` channel, alternating, in one run. Reports the latency from a heartbeat's send
 * to its position reaching a board (p50/p99 over every board) and the service's CPU time per
 * heartbeat in each phase (the service runs in this process; heartbeats and boards in a child).
 *
 *   npm run bench:dispatch
 *   BENCH_OFFICERS=1000 BENCH_BOARDS=20 BENCH_SECONDS=20 BENCH_ROUNDS=2 npm run bench:dispatch
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, devNull, totalmem } from 'node:os';
import { pino } from 'pino';
import { startService } from '../../composition/service.ts';
import { httpClient } from '../support/http-client.ts';
import { expect, operatorOf, tokenFor } from '../support/operator-driver.ts';
import { benchStorage } from './bench-storage.ts';
import { loadAverages } from './load.ts';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const OFFICERS = Math.floor(env('BENCH_OFFICERS', 1000));
const BOARDS = Math.floor(env('BENCH_BOARDS', 20));
const SECONDS = env('BENCH_SECONDS', 20);
const ROUNDS = Math.floor(env('BENCH_ROUNDS', 2));
const INTERVAL_MS = env('BENCH_INTERVAL', 5) * 1000;

const { storage, name: storageName, remove } = await benchStorage('bench_dispatch');
const bootstrapKey = `cad_op_bench_${randomBytes(24).toString('base64url')}`;
const service = await startService({
  storage,
  port: 0,
  host: '127.0.0.1',
  logger: pino({ level: 'silent' }, pino.destination({ dest: devNull, sync: false })),
  rateLimitScale: 1_000_000,
  autoProvisionPerHour: 1_000_000_000,
  bootstrapKey,
  realtime: { engine: 'auto', port: 0 },
});
const load = fork(new URL('./dispatch-load.ts', import.meta.url), [], { execArgv: ['--import=tsx'] });
try {
  const http = httpClient(service.url);
  const org = await operatorOf(http, bootstrapKey).organisation({ mapType: 'game_tiles' });
  const departmentId = await org.department('lspd');
  const token = await tokenFor(http, await org.gameCredential(departmentId));
  const { key } = await org.operatorKey(['dispatch.manage'], 'bench desk');
  const setupStarted = performance.now();
  for (let start = 0; start < OFFICERS; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, OFFICERS - start) }, async (_, k) => {
        const body = { identifiers: { license: `license:dispatch-bench-${start + k}` }, departmentSlug: 'lspd', onDuty: true };
        const answer = expect(await http.post('/api/v1/integrations/game/duty', body, { token }), 200);
        if (answer.synced !== true) throw new Error(`/duty refused: ${JSON.stringify(answer)}`);
      }),
    );
  }
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const ask = <T>(message: object) =>
    new Promise<T>((resolve, reject) => {
      load.once('message', (answer: { error?: string } & T) => (answer.error ? reject(new Error(answer.error)) : resolve(answer)));
      load.send(message);
    });
  await ask({
    setup: {
      url: service.url,
      realtimeUrl: service.realtime!.url,
      token,
      key,
      organisationId: org.organisationId,
      officers: OFFICERS,
      intervalMs: INTERVAL_MS,
    },
  });

  type Result = {
    sent: number;
    failed: number;
    seconds: number;
    boardMessages: number;
    deliveries: number;
    expectedDeliveries: number;
    latencyMs: Record<string, number | null>;
  };
  const phases: Array<{ boards: number; result: Result; cpuMsPerHeartbeat: number; cpuPercent: number }> = [];
  const loadBefore = await loadAverages();
  for (let round = 0; round < ROUNDS; round++) {
    for (const boards of [0, BOARDS]) {
      process.stdout.write(`round ${round + 1}, ${boards} boards: ${SECONDS} s...\n`);
      if (boards > 0) await ask({ connect: boards });
      const cpu = process.cpuUsage();
      const wall = performance.now();
      const { result } = await ask<{ result: Result }>({ phase: { boards, seconds: SECONDS } });
      const used = process.cpuUsage(cpu);
      if (boards > 0) await ask({ disconnect: true });
      const cpuMs = (used.user + used.system) / 1000;
      phases.push({ boards, result, cpuMsPerHeartbeat: cpuMs / result.sent, cpuPercent: (100 * cpuMs) / (performance.now() - wall) });
    }
  }
  const loadAfter = await loadAverages();

  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const without = mean(phases.filter((p) => p.boards === 0).map((p) => p.cpuMsPerHeartbeat));
  const withBoards = mean(phases.filter((p) => p.boards > 0).map((p) => p.cpuMsPerHeartbeat));
  const row = (p: (typeof phases)[number]) =>
    `| ${p.boards} | ${p.result.sent} | ${(p.result.sent / p.result.seconds).toFixed(0)} | ${p.result.failed} | ${p.cpuMsPerHeartbeat.toFixed(3)} | ${p.cpuPercent.toFixed(0)} % | ${
      p.boards === 0 ? '—' : `${p.result.latencyMs['p50']} / ${p.result.latencyMs['p99']} / ${p.result.latencyMs['max']}`
    } | ${p.boards === 0 ? '—' : `${p.result.deliveries} of ${p.result.expectedDeliveries}`} | ${p.boards === 0 ? '—' : (p.result.boardMessages / p.boards / p.result.seconds).toFixed(1)} |`;
  console.log(
    [
      '',
      `storage: ${storageName}; realtime engine: ${service.realtime!.engine}; ${OFFICERS} officers on duty (set up in ${setupSeconds.toFixed(1)} s), each heartbeating every ${INTERVAL_MS / 1000} s`,
      `load: heartbeats and boards in a second process; ${ROUNDS} rounds of ${SECONDS} s without boards, then with ${BOARDS}`,
      `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
      '',
      '| boards | heartbeats | per s | failed | service CPU ms per heartbeat | service CPU | board latency p50 / p99 / max ms | positions delivered | messages per board per s |',
      '|---|---|---|---|---|---|---|---|---|',
      ...phases.map(row),
      '',
      `service CPU per heartbeat: ${without.toFixed(3)} ms without boards, ${withBoards.toFixed(3)} ms with ${BOARDS} (${((withBoards / without - 1) * 100).toFixed(1)} %; goal: within 5 %)`,
      `load averages (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after`,
      '',
      JSON.stringify({
        storage: storageName,
        officers: OFFICERS,
        boards: BOARDS,
        seconds: SECONDS,
        phases,
        cpuMsPerHeartbeat: { without, withBoards },
      }),
    ].join('\n'),
  );
  if (phases.some((p) => p.result.failed > 0)) {
    console.error('WARNING: some heartbeats were not { reported: true }; the figures are not comparable.');
    process.exitCode = 1;
  }
} finally {
  load.send({ stop: true });
  await service.close();
  await remove();
}
