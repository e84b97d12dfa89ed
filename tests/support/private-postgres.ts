import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes.ts';

const BIN = '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);

/** Why a private PostgreSQL cluster cannot be made here, or null when it can. */
export const privatePostgresProblem: string | null = !existsSync(`${BIN}/initdb`)
  ? `no ${BIN}/initdb`
  : process.getuid?.() !== 0
    ? 'not root: the cluster runs as the postgres user through runuser'
    : !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')
      ? 'no runuser'
      : null;

/**
 * A PostgreSQL cluster of the test's own, on a free port, run as the `postgres` user: one a test
 * may cut (`pg_ctl stop -m immediate`, as a crash would) and start again, never the shared server.
 */
export interface PrivatePostgres {
  readonly url: string;
  start(): Promise<void>;
  /** Immediate shutdown: connections are cut, nothing is flushed politely. */
  cut(): Promise<void>;
  destroy(): Promise<void>;
}

async function asPostgres(command: string, args: string[]): Promise<void> {
  await run('runuser', ['-u', 'postgres', '--', command, ...args], { timeout: 60_000 });
}

export async function privatePostgres(): Promise<PrivatePostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'cad-pg-'));
  await chown(dir, ...(await postgresIds()));
  const data = join(dir, 'data');
  const port = await freePort();
  await asPostgres(`${BIN}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const cluster: PrivatePostgres = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start: () => asPostgres(`${BIN}/pg_ctl`, ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']),
    cut: () => asPostgres(`${BIN}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', 'stop']),
    destroy: async () => {
      await asPostgres(`${BIN}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

async function postgresIds(): Promise<[number, number]> {
  const { stdout } = await run('id', ['postgres']);
  const uid = Number(/uid=(\d+)/.exec(stdout)?.[1]);
  const gid = Number(/gid=(\d+)/.exec(stdout)?.[1]);
  return [uid, gid];
}
