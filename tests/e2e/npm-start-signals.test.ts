import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { LOCK_FILE_NAME, lockDataDirectory } from '../../adapters/persistence-mikro-orm/data-directory-lock.ts';
import { exited, waitFor } from '../support/server-process.ts';

/**
 * Process managers (systemd, Docker, pm2) signal exactly the pid they started. Started as `npm
 * start`, that pid is npm's: the service under it must stop gracefully on the signal npm passes
 * on, and leave nothing behind holding the port or the embedded database's lock.
 */
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal} sent to the pid of \`npm start\` stops the service: the port and the data directory are free again`, async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cad-npm-start-'));
    t.teardown(() => rm(dataDir, { recursive: true, force: true }));
    const npm = spawn('npm', ['start'], {
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? '',
        PORT: '0',
        CAD_DATA_DIR: dataDir,
        CAD_REALTIME_ENGINE: 'node',
      },
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [, port] = await waitFor(() => output, /listening on http:\/\/127\.0\.0\.1:(\d+)/, npm);
    // The service writes its own pid into the data directory's lock: the process to watch.
    const servicePid = (JSON.parse(await readFile(join(dataDir, LOCK_FILE_NAME), 'utf8')) as { pid: number }).pid;
    t.teardown(() => killIfAlive(servicePid));
    t.not(servicePid, npm.pid, 'npm runs the service as a child process');

    npm.kill(signal);
    // A hang guard only: the service's own grace period for requests in flight is 10 s.
    let guard: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      exited(npm),
      new Promise<'still running'>((r) => (guard = setTimeout(() => r('still running'), 60_000))),
    ]);
    clearTimeout(guard);
    t.is(code, 0, output);
    t.regex(output, new RegExp(`"signal":"${signal}","msg":"shutting down: finishing requests in flight"`));
    t.regex(output, /"msg":"stopped"/);
    t.false(alive(servicePid), `the service process ${servicePid} is gone`);
    t.true(await canListen(Number(port)), `port ${port} is free again`);
    const lock = await lockDataDirectory(dataDir, () => t.fail('the lock was released, not left to be taken over'));
    await lock.release();
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

function killIfAlive(pid: number): void {
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
