import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import type { ExecutionContext } from 'ava';
import { entryArguments } from './service-entry.ts';

/** A TCP port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 50 ms until it answers something other than undefined, for at most `ms`. */
export async function eventually<T>(what: string, ms: number, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(50);
  }
}

/** A service process as `npm start` runs it. */
export interface ServerProcess {
  readonly url: string;
  /** The realtime channel's base URL, when the process started one. */
  readonly realtimeUrl: string | undefined;
  readonly realtimeEngine: string | undefined;
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the server entry (from the build when it is current, service-entry.ts) with exactly the variables given (plus PATH and HOME), so
 * that a DATABASE_URL or REDIS_URL of the test run cannot redirect it. `launcher` runs Node another
 * way (under a newer glibc, for uWebSockets.js).
 */
export async function startServerProcess(
  env: Record<string, string>,
  launcher: readonly string[] = [process.execPath],
): Promise<ServerProcess> {
  const [command, ...prefix] = launcher;
  const child = spawn(command!, [...prefix, ...entryArguments('server')], {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const [, url] = await waitForOutput(() => output, /listening on (http:\/\/[^\s,"]+)/, child);
    const realtime =
      env['CAD_REALTIME_ENGINE'] === undefined
        ? undefined
        : await waitForOutput(() => output, /realtime waypoint channel \((\w+)\) at (http:\/\/[^\s"]+)\/integrations\/game/, child);
    return {
      url: url!,
      realtimeEngine: realtime?.[1],
      realtimeUrl: realtime?.[2],
      output: () => output,
      stop: () => stopChild(child, exited),
    };
  } catch (error) {
    await stopChild(child, exited);
    throw error;
  }
}

async function stopChild(child: ChildProcessWithoutNullStreams, exited: Promise<number | null>): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

async function waitForOutput(output: () => string, pattern: RegExp, child: ChildProcessWithoutNullStreams): Promise<RegExpMatchArray> {
  for (let waited = 0; waited < 60_000; waited += 50) {
    const match = output().match(pattern);
    if (match) return match;
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${output()}`);
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${pattern}: ${output()}`);
}

/**
 * This Node's own executable, for a child that needs no uWebSockets.js: under the newer glibc
 * (`scripts/newer-glibc.sh`), `process.execPath` is that glibc's loader and `argv0` is Node.
 */
export const plainNode: string = basename(process.execPath).startsWith('ld-linux') ? process.argv0 : process.execPath;

/**
 * How to start Node for a process that must load uWebSockets.js: this Node where it loads, else
 * the same Node under Debian 13's glibc (`scripts/newer-glibc.sh`). A string says why neither works.
 */
export async function uwsLauncher(uwsProblem: string | null): Promise<readonly string[] | string> {
  if (uwsProblem === null) return [process.execPath];
  try {
    const { stdout } = await promisify(execFile)('scripts/newer-glibc.sh', [], { timeout: 300_000 });
    const words = stdout.trim().split(/\s+/);
    return words.length >= 4 ? words : `scripts/newer-glibc.sh printed no command: ${stdout}`;
  } catch (error) {
    return `no newer glibc: ${String(error instanceof Error ? error.message : error).split('\n')[0]}`;
  }
}

/** A test that starts service processes may wait for its slot and take minutes on a loaded 2-core machine; AVA's default is 2. */
export const PROCESS_TEST_TIMEOUT_MS = 600_000;

const SLOT = join(tmpdir(), 'cad-process-tests.lock');

/**
 * Waits until no other test (in any AVA worker or run on this machine) is running service
 * processes, then holds the slot until the test ends. Two such tests at once would start four
 * servers on two cores and slow every other test's start past its bound. A slot whose holder
 * process is gone is taken over.
 */
export async function oneProcessTestAtATime(t: ExecutionContext): Promise<void> {
  const mine = `${process.pid}:${randomBytes(6).toString('hex')}`;
  const deadline = Date.now() + PROCESS_TEST_TIMEOUT_MS / 2;
  for (;;) {
    try {
      await writeFile(SLOT, mine, { flag: 'wx' });
      break;
    } catch {
      const holder = await readFile(SLOT, 'utf8').catch(() => '');
      const pid = Number(holder.split(':')[0]);
      if (holder !== '' && !alive(pid)) await rm(SLOT, { force: true });
      if (Date.now() > deadline) throw new Error(`another test has held ${SLOT} too long (${holder})`);
      await sleep(200);
    }
  }
  t.teardown(async () => {
    if ((await readFile(SLOT, 'utf8').catch(() => '')) === mine) await rm(SLOT, { force: true });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
