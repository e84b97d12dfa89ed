/**
 * Drives one load job in a second process (`load-runner.ts`, so that autocannon does not share the
 * server's event loop) and reads its figures back; `measure` adds a warm-up whose figures are discarded.
 */
import { fork } from 'node:child_process';
import type { LoadFigures, LoadJob } from './load-runner.ts';
import { helperNode } from './uws-runtime.ts';

export type { LoadFigures, LoadJob, LoadStep } from './load-runner.ts';

/** Runs one load job in a second process and returns its figures. */
export function load(job: LoadJob): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./load-runner.ts', import.meta.url), [], {
      execArgv: ['--import=tsx'],
      execPath: helperNode(),
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load runner exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)!) as LoadFigures);
      } catch (error) {
        reject(error);
      }
    });
    child.send(job);
  });
}

export interface Pace {
  readonly warmupSeconds: number;
  readonly durationSeconds: number;
  readonly connections: number;
}

/** Warm-up (figures discarded), then the measured run. `between` runs after the warm-up (to reset state). */
export async function measure(
  name: string,
  job: Omit<LoadJob, 'durationSeconds' | 'connections'>,
  pace: Pace,
  between?: () => Promise<void>,
): Promise<LoadFigures> {
  process.stdout.write(
    `${name}: warming up ${pace.warmupSeconds}s, measuring ${pace.durationSeconds}s with ${pace.connections} connections...\n`,
  );
  await load({ ...job, connections: pace.connections, durationSeconds: pace.warmupSeconds });
  await between?.();
  return load({ ...job, connections: pace.connections, durationSeconds: pace.durationSeconds });
}

export const failures = (f: LoadFigures) => f.errors + f.timeouts + f.non2xx + f.mismatches;

/** The uptime load averages, to be printed beside figures taken on a shared machine. */
export async function loadAverages(): Promise<string> {
  const { loadavg } = await import('node:os');
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
}
