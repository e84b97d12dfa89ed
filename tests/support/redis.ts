import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { TestFn } from 'ava';
import { freePort } from './processes.ts';

/** The Redis server tests may share (127.0.0.1:6379 on every machine); CI always sets it. */
export const REDIS_URL = process.env['REDIS_URL'];

/** A key prefix no other run uses, so that runs sharing one Redis never see each other's windows or events. */
export function freshRedisPrefix(label: string): string {
  return `test:${label}:${randomBytes(5).toString('hex')}:`;
}

/**
 * Registers the group only when Redis is configured; otherwise one skipped test says so, so the
 * summary shows the gap instead of hiding it.
 */
export function whenRedis<Context>(test: TestFn<Context>, group: string, register: (url: string) => void): void {
  if (REDIS_URL === undefined) {
    test.skip(`${group}: SKIPPED, set REDIS_URL to a Redis server to run it`, () => undefined);
    return;
  }
  register(REDIS_URL);
}

/**
 * A Redis server of the test's own, on a free port, keeping nothing on disk: one a test may stop
 * and start again (never the machine's shared one). `stop` kills it by its pid.
 */
export interface PrivateRedis {
  readonly url: string;
  readonly port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const server: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      if (child !== undefined) return;
      const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      let output = '';
      started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      for (let waited = 0; !output.includes('Ready to accept connections'); waited += 20) {
        if (started.exitCode !== null || waited > 10_000) throw new Error(`redis-server did not start: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      const running = child;
      if (running === undefined) return;
      child = undefined;
      if (running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await server.start();
  return server;
}
