/**
 * Where a benchmark that measures the uWebSockets.js transport runs. The uWS binary needs glibc
 * 2.38 or newer; on an older system (Debian 12 has 2.36) the benchmark starts itself again under
 * Debian 13's glibc through `scripts/newer-glibc.sh`, so that `npm run bench:location` stays one
 * command and both transports are measured in the same process. When no newer glibc can be
 * prepared, it says why and the benchmark reports the Koa rows only.
 */
import { spawn, spawnSync } from 'node:child_process';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Transport = 'koa' | 'uws';

/** Set in the benchmark started again under the newer glibc, so that it does not start itself a third time. */
const REEXECUTED = 'BENCH_UNDER_NEWER_GLIBC';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const WRAPPER = join(ROOT, 'scripts/newer-glibc.sh');
/** Under the newer glibc, `process.execPath` is the glibc's dynamic loader, not Node. */
const underLoader = () => basename(process.execPath).startsWith('ld-linux');

/**
 * The last line of uWS's load error (it names the missing glibc symbol version), or null when it
 * loads. Tried in a child process first: a failed load inside this one leaves an unhandled
 * rejection behind on Node 20.
 */
async function uwsLoadProblem(): Promise<string | null> {
  if (!underLoader()) {
    const probe = spawnSync(
      process.execPath,
      [
        '-e',
        `try { require(require.resolve('uWebSockets.js', { paths: [process.argv[1]] })) } catch (e) {
          process.stderr.write(String(e && e.message || e).trim().split('\\n').at(-1)); process.exit(1) }`,
        ROOT,
      ],
      { encoding: 'utf8' },
    );
    if (probe.status !== 0) return probe.stderr.trim() || probe.error?.message || 'unknown';
  }
  try {
    await import('uWebSockets.js');
    return null;
  } catch (error) {
    return (
      String(error instanceof Error ? error.message : error)
        .trim()
        .split('\n')
        .at(-1) ?? 'unknown'
    );
  }
}

/** The transports asked for with BENCH_TRANSPORTS (comma-separated `koa`, `uws`); both by default. */
export function transportsAsked(): Transport[] {
  const asked = (process.env['BENCH_TRANSPORTS'] ?? 'koa,uws').split(',').map((s) => s.trim());
  const unknown = asked.filter((t) => t !== 'koa' && t !== 'uws');
  if (unknown.length > 0 || new Set(asked).size !== asked.length) {
    throw new Error(`BENCH_TRANSPORTS takes koa and/or uws, each once, not ${asked.join(',')}`);
  }
  return asked as Transport[];
}

/**
 * Resolves with null when uWebSockets.js loads in this process (or is not wanted), or with the
 * reason the uWS rows cannot be measured. When it does not load and a newer glibc can be prepared,
 * this process runs the same benchmark again under it, exits with its exit code and never resolves.
 */
export async function uwsOrStartAgain(wanted: boolean): Promise<string | null> {
  if (!wanted) return null;
  const problem = await uwsLoadProblem();
  if (problem === null) return null;
  const reason = `uWebSockets.js does not load in this Node (${shortProblem(problem)})`;
  if (process.env[REEXECUTED] === '1') return reason;
  const prepared = spawnSync(WRAPPER, [], { encoding: 'utf8' });
  if (prepared.status !== 0) {
    const why = (prepared.stderr || prepared.error?.message || 'unknown').trim().split('\n').at(-1);
    console.error(`NOTICE: ${reason}, and no newer glibc could be prepared (${why}): the uWS rows are not measured.`);
    return `${reason}; no newer glibc: ${why}`;
  }
  console.log(`${reason}: running this benchmark again under a newer glibc (scripts/newer-glibc.sh), all its rows in one process.`);
  const child = spawn(WRAPPER, [...process.execArgv, process.argv[1]!, ...process.argv.slice(2)], {
    stdio: 'inherit',
    // The same Node as this one (the wrapper's default is the project's pinned Node 22).
    env: { ...process.env, [REEXECUTED]: '1', NODE_BINARY: process.env['NODE_BINARY'] ?? process.execPath },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  const code = await new Promise<number>((resolve) => child.once('exit', (c, signal) => resolve(c ?? (signal === null ? 1 : 128))));
  process.exit(code);
}

function shortProblem(problem: string): string {
  const glibc = problem.match(/(GLIBC_[\d.]+)' not found/)?.[1];
  return glibc === undefined ? problem.slice(0, 160) : `glibc too old, ${glibc} needed`;
}

/**
 * The Node executable for the benchmark's helper processes (load generator, board). Under the newer
 * glibc, `process.execPath` is the glibc's dynamic loader, which cannot be started like Node: the
 * helpers then run on the Node binary the loader runs (they do not need uWS).
 */
export function helperNode(): string {
  return underLoader() ? process.argv0 : process.execPath;
}

/**
 * One service at a time, on the transport a pass asks for: the one running when it is on that
 * transport (the setup's, on Koa), else a new one once the running one is closed (the embedded
 * store opens its data directory in one process only). A transport that cannot run is a reason,
 * said once on the console, for the pass to report instead of figures.
 */
export class BenchServices<Service extends { close(): Promise<void> }> {
  private current: { readonly service: Service; readonly transport: Transport } | undefined;

  constructor(
    private readonly start: (transport: Transport) => Promise<Service>,
    private readonly uwsProblem: string | null,
    private readonly label: Readonly<Record<Transport, string>>,
  ) {}

  /** The setup's service, on the transport that is always there. */
  async first(transport: Transport): Promise<Service> {
    const service = await this.start(transport);
    this.current = { service, transport };
    return service;
  }

  async on(transport: Transport): Promise<{ readonly service: Service } | { readonly unavailable: string }> {
    if (transport === 'uws' && this.uwsProblem !== null) return { unavailable: this.uwsProblem };
    if (this.current?.transport === transport) return { service: this.current.service };
    await this.close();
    try {
      return { service: await this.first(transport) };
    } catch (error) {
      const unavailable = error instanceof Error ? error.message : String(error);
      console.log(`${this.label[transport]} transport: not available: ${unavailable}`);
      return { unavailable };
    }
  }

  async close(): Promise<void> {
    const running = this.current;
    this.current = undefined;
    await running?.service.close();
  }
}
