/**
 * The soak's server: `composition/server.ts` in a process of its own, configured by the
 * environment as `npm start` is, with the memory probe preloaded. Watched from outside through
 * /proc (RSS, open descriptors), the probe's file (heap, active resources) and its log (errors).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ProbeSample } from './soak-probe.ts';

export interface ServerFacts {
  /** From /proc/<pid>/status: resident set now and its high-water mark, in bytes. */
  readonly rss: number;
  readonly rssPeak: number;
  /** Open file descriptors, from /proc/<pid>/fd. */
  readonly fds: number;
}

export interface SoakServer {
  readonly pid: number;
  readonly url: string;
  /** The base URL of the realtime channel (the HTTP server's own with the node engine). */
  readonly realtimeUrl: string;
  readonly engine: string;
  facts(): ServerFacts;
  /** The probe's samples since the last call. */
  samples(): ProbeSample[];
  /** Log lines at level error or fatal, and access-log lines with a 5xx, so far. */
  readonly logged: { errors: number; serverErrors: number; lastError: string };
  /** SIGTERM, as an operator stops it; resolves with the exit code. */
  stop(): Promise<number | null>;
}

const LISTENING = /listening on (http:\/\/[^\s,"]+)/;

export async function startSoakServer(options: { env: Record<string, string>; probeFile: string; probeMs: number }): Promise<SoakServer> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import=tsx', `--import=${new URL('./soak-probe.ts', import.meta.url).href}`, 'composition/server.ts'],
    {
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? '',
        ...options.env,
        SOAK_PROBE_FILE: options.probeFile,
        SOAK_PROBE_MS: String(options.probeMs),
      },
    },
  );
  const logged = { errors: 0, serverErrors: 0, lastError: '' };
  let url: string | undefined;
  let realtimeUrl: string | undefined;
  let engine = 'none';
  let early = '';
  const read = (line: string) => {
    if (url === undefined) early += `${line}\n`;
    let entry: { level?: number; msg?: string; url?: string; engine?: string; status?: number } = {};
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    if ((entry.level ?? 0) >= 50) (logged.errors++, (logged.lastError = line.slice(0, 500)));
    if (entry.msg === 'request' && (entry.status ?? 0) >= 500) logged.serverErrors++;
    if (entry.msg === 'realtime channel listening') ((realtimeUrl = entry.url), (engine = entry.engine ?? engine));
    const listening = entry.msg?.match(LISTENING);
    if (listening) url = listening[1];
  };
  createInterface({ input: child.stdout }).on('line', read);
  createInterface({ input: child.stderr }).on('line', (line) => (early += `${line}\n`));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  for (let waited = 0; url === undefined; waited += 50) {
    if (child.exitCode !== null || waited > 120_000) throw new Error(`the server did not start:\n${early}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const pid = child.pid!;
  let linesRead = 0;
  return {
    pid,
    url,
    realtimeUrl: realtimeUrl ?? url,
    engine,
    logged,
    facts: () => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN) * 1024;
      return { rss: kb('VmRSS'), rssPeak: kb('VmHWM'), fds: readdirSync(`/proc/${pid}/fd`).length };
    },
    samples: () => {
      const lines = readFileSync(options.probeFile, 'utf8').split('\n').filter(Boolean);
      const fresh = lines.slice(linesRead).map((line) => JSON.parse(line) as ProbeSample);
      linesRead = lines.length;
      return fresh;
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
