/**
 * Delivery latency of realtime waypoint events (section 6) on both engines, measured in one run.
 *
 * For each engine the service runs as `npm start` would run it (composition/server.ts, memory
 * storage, CAD_RATE_LIMIT_SCALE at its maximum) in a child process of its own, on this Node when
 * uWebSockets.js loads here; otherwise both engines' servers run through scripts/newer-glibc.sh (the
 * pinned Node 22 under a newer glibc), so that they share one runtime. This process sets up one organisation, department, game
 * credential and on-duty officer unit through HTTP, connects N stock socket.io-client clients over
 * websocket to that department with one shared game token, assigns the unit to a call, then moves
 * the pin M times with the dispatcher PATCH, waiting for all N receipts of each move before the
 * next. Latency of a delivery = the client's receipt time minus the time just before the PATCH was
 * sent; both are taken in this process (performance.now()), so no clocks are compared. The CPU
 * time of both processes during the moves is printed too: with many clients in one process, the
 * clients' side (decoding N frames per move) bounds the latency of the last receipt.
 *
 *   npm run bench:realtime
 *   npm run bench:realtime -- --clients=1000 --moves=50 --engines=node,uws
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type Socket, io } from 'socket.io-client';
import { httpClient } from '../support/http-client.ts';
import { expect, operatorOf, tokenFor } from '../support/operator-driver.ts';
import { uwsProblem, uwsShortProblem } from '../support/uws.ts';

type Engine = 'node' | 'uws';

function option(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}
function count(name: string, fallback: number): number {
  const value = Number(option(name, String(fallback)));
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
}
const CLIENTS = count('clients', 1000);
const MOVES = count('moves', 50);
const ENGINES = option('engines', 'node,uws').split(',') as Engine[];
if (ENGINES.length === 0 || ENGINES.some((e) => e !== 'node' && e !== 'uws')) throw new Error('--engines must list node and/or uws');
const CONNECT_BATCH = 50;
const MOVE_TIMEOUT_MS = 30_000;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Server {
  readonly child: ChildProcess;
  readonly httpUrl: string;
  readonly realtimeUrl: string;
  readonly engine: string;
  /** How it was started, for the report. */
  readonly how: string;
}

/**
 * Where uWebSockets.js does not load in this Node, the uws server runs under scripts/newer-glibc.sh,
 * and so does the node one, so that both engines run on the same Node binary and the same glibc.
 */
const UNDER_NEWER_GLIBC = uwsProblem !== null && ENGINES.includes('uws');

/** composition/server.ts in a child process; resolves once both the HTTP server and the realtime channel listen. */
async function startServer(engine: Engine, bootstrapKey: string): Promise<Server> {
  const args = ['--import=tsx', 'composition/server.ts'];
  const env = {
    ...process.env,
    CAD_STORAGE: 'memory',
    HOST: '127.0.0.1',
    PORT: '0',
    REALTIME_PORT: '0',
    CAD_REALTIME_ENGINE: engine,
    CAD_RATE_LIMIT_SCALE: '10000',
    CAD_BOOTSTRAP_KEY: bootstrapKey,
    LOG_LEVEL: 'info',
  };
  const child = UNDER_NEWER_GLIBC
    ? spawn(`${ROOT}scripts/newer-glibc.sh`, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const how = UNDER_NEWER_GLIBC
    ? `child process under scripts/newer-glibc.sh (uWebSockets.js does not load in this Node: ${uwsShortProblem}; both engines run there alike)`
    : `child process on this Node (${process.version})`;
  let httpUrl: string | undefined;
  let realtime: { engine: string; url: string } | undefined;
  let buffered = '';
  return new Promise<Server>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the ${engine} server did not start within 60 s`)), 60_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.once('exit', (code) => fail(new Error(`the ${engine} server exited with ${code} before it was ready`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as { msg?: string; url?: string; engine?: string };
        if (entry.msg?.startsWith('listening on ')) httpUrl = entry.url;
        if (entry.msg?.startsWith('realtime waypoint channel') && entry.engine !== undefined)
          realtime = { engine: entry.engine, url: entry.url! };
        if (httpUrl !== undefined && realtime !== undefined) {
          clearTimeout(timer);
          child.removeAllListeners('exit');
          // Keep draining its log (one line per request) so the child never blocks on a full pipe.
          child.stdout!.removeAllListeners('data');
          child.stdout!.resume();
          resolve({ child, httpUrl, realtimeUrl: realtime.url, engine: realtime.engine, how });
        }
      }
    });
  });
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** CPU time (user + system) a process has used, from /proc (Linux; clock ticks of 10 ms); null elsewhere. */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

const percentile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

interface Figures {
  readonly engine: Engine;
  readonly how: string;
  readonly clients: number;
  readonly moves: number;
  readonly deliveries: number;
  readonly connectSeconds: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** CPU per move (the PATCH and its fan-out), server process and this (client) process; null where /proc is missing. */
  readonly serverCpuMsPerMove: number | null;
  readonly clientCpuMsPerMove: number;
  /** The first of the N receipts of a move, median over the moves: the request, the write and the first send. */
  readonly firstOfMoveP50Ms: number;
  /** The last of the N receipts of a move, median over the moves: when every client has it. */
  readonly lastOfMoveP50Ms: number;
}

async function measure(engine: Engine): Promise<Figures> {
  const bootstrapKey = `cad_op_bench_${randomBytes(24).toString('base64url')}`;
  const server = await startServer(engine, bootstrapKey);
  if (server.engine !== engine) throw new Error(`asked for the ${engine} engine, the server runs ${server.engine}`);
  const clients: Socket[] = [];
  try {
    const http = httpClient(server.httpUrl);
    const operator = operatorOf(http, bootstrapKey);
    const org = await operator.organisation();
    const departmentId = await org.department('lspd');
    const token = await tokenFor(http, await org.gameCredential(departmentId));
    const duty = expect(
      await http.post(
        '/api/v1/integrations/game/duty',
        { identifiers: { license: 'license:bench-officer' }, departmentSlug: 'lspd', onDuty: true },
        { token },
      ),
      200,
    );
    const unitId = duty.unitId as string;
    const admin = (method: string, path: string, body?: unknown) =>
      http.send(method, `/api/v1/admin${path}`, body, { token: bootstrapKey });
    const { callId } = expect(await admin('POST', `/departments/${departmentId}/calls`, { description: 'bench', mapX: 0, mapY: 0 }), 201);

    // Every client counts the receipts of the event it waits for; `expected` says which one.
    let expected: (event: Record<string, unknown>) => boolean = () => false;
    let sentAt = 0;
    let received = 0;
    let latencies: number[] = [];
    let allIn: () => void = () => {};
    const onWaypoint = (event: Record<string, unknown>) => {
      if (!expected(event)) return;
      latencies.push(performance.now() - sentAt);
      if (++received === CLIENTS) allIn();
    };

    process.stdout.write(`${engine}: connecting ${CLIENTS} clients (${CONNECT_BATCH} at a time)... `);
    const connectStarted = performance.now();
    for (let start = 0; start < CLIENTS; start += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, CLIENTS - start) }, () => {
        const socket = io(`${server.realtimeUrl}/integrations/game`, {
          auth: { token },
          transports: ['websocket'],
          forceNew: true,
          reconnection: false,
        });
        clients.push(socket);
        socket.on('waypoint', onWaypoint);
        return new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
      });
      await Promise.all(batch);
    }
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    process.stdout.write(`${connectSeconds.toFixed(2)} s\n`);

    /** Sends one dispatcher request and waits until every client has the event it should cause. */
    async function deliver(what: string, matches: (event: Record<string, unknown>) => boolean, request: () => Promise<unknown>) {
      received = 0;
      latencies = [];
      const done = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${what}: ${received} of ${CLIENTS} receipts after ${MOVE_TIMEOUT_MS} ms`)),
          MOVE_TIMEOUT_MS,
        );
        allIn = () => (clearTimeout(timer), resolve());
      });
      expected = matches;
      sentAt = performance.now();
      await request();
      await done;
      return latencies;
    }

    // The assignment (not counted: the first delivery warms every path up), then M moves.
    await deliver(
      'assign',
      (e) => e['type'] === 'assignment.created' && e['unitId'] === unitId,
      async () => expect(await admin('POST', `/calls/${callId}/assignments`, { unitId }), 201),
    );
    process.stdout.write(`${engine}: moving the pin ${MOVES} times... `);
    const all: number[] = [];
    const firstOfMove: number[] = [];
    const lastOfMove: number[] = [];
    const serverCpuBefore = cpuMsOf(server.child.pid);
    const clientCpuBefore = process.cpuUsage();
    for (let move = 1; move <= MOVES; move++) {
      const pin = { mapX: move, mapY: -move };
      const got = await deliver(
        `move ${move}`,
        (e) => e['type'] === 'assignment.updated' && e['mapX'] === pin.mapX,
        async () => expect(await admin('PATCH', `/calls/${callId}/assignments/${unitId}`, pin), 200),
      );
      all.push(...got);
      firstOfMove.push(Math.min(...got));
      lastOfMove.push(Math.max(...got));
    }
    const serverCpuAfter = cpuMsOf(server.child.pid);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    process.stdout.write('done\n');
    all.sort((a, b) => a - b);
    firstOfMove.sort((a, b) => a - b);
    lastOfMove.sort((a, b) => a - b);
    return {
      engine,
      how: server.how,
      clients: CLIENTS,
      moves: MOVES,
      deliveries: all.length,
      connectSeconds,
      p50Ms: percentile(all, 0.5),
      p99Ms: percentile(all, 0.99),
      maxMs: all.at(-1)!,
      serverCpuMsPerMove: serverCpuBefore === null || serverCpuAfter === null ? null : (serverCpuAfter - serverCpuBefore) / MOVES,
      clientCpuMsPerMove: (clientCpu.user + clientCpu.system) / 1000 / MOVES,
      firstOfMoveP50Ms: percentile(firstOfMove, 0.5),
      lastOfMoveP50Ms: percentile(lastOfMove, 0.5),
    };
  } finally {
    for (const socket of clients) socket.close();
    await stopServer(server);
  }
}

const load = loadavg()[0]!.toFixed(2);
const results: Figures[] = [];
for (const engine of ENGINES) results.push(await measure(engine));

const row = (f: Figures) =>
  `| ${f.engine} | ${f.clients} | ${f.moves} | ${f.deliveries} | ${ms(f.p50Ms)} | ${ms(f.p99Ms)} | ${ms(f.maxMs)} | ${ms(f.firstOfMoveP50Ms)} | ${ms(f.lastOfMoveP50Ms)} | ${f.serverCpuMsPerMove === null ? 'n/a' : ms(f.serverCpuMsPerMove)} | ${ms(f.clientCpuMsPerMove)} | ${f.connectSeconds.toFixed(2)} |`;
const lines = [
  '',
  `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load average ${load} at start`,
  'server: composition/server.ts (memory storage, CAD_RATE_LIMIT_SCALE=10000) in a child process per engine:',
  ...results.map((f) => `  ${f.engine}: ${f.how}`),
  `clients: ${CLIENTS} socket.io-client websocket clients in this process, one department, one shared game token`,
  'latency: client receipt minus the moment just before the dispatcher PATCH was sent (both in this process)',
  '',
  '| engine | clients | moves | deliveries | p50 ms | p99 ms | max ms | first of a move, p50 ms | last of a move, p50 ms | server CPU ms/move | client CPU ms/move | connect s |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(row),
];
const node = results.find((f) => f.engine === 'node');
const uws = results.find((f) => f.engine === 'uws');
if (node !== undefined && uws !== undefined) {
  lines.push(
    '',
    `uws vs node: p50 ${(uws.p50Ms / node.p50Ms).toFixed(2)}x, p99 ${(uws.p99Ms / node.p99Ms).toFixed(2)}x, ` +
      `first of a move ${(uws.firstOfMoveP50Ms / node.firstOfMoveP50Ms).toFixed(2)}x, last of a move ${(uws.lastOfMoveP50Ms / node.lastOfMoveP50Ms).toFixed(2)}x, ` +
      (uws.serverCpuMsPerMove === null || node.serverCpuMsPerMove === null
        ? ''
        : `server CPU per move ${(uws.serverCpuMsPerMove / node.serverCpuMsPerMove).toFixed(2)}x, `) +
      `connect ${(uws.connectSeconds / node.connectSeconds).toFixed(2)}x (below 1: uws is faster)`,
  );
}
lines.push('', JSON.stringify(results));
console.log(lines.join('\n'));
