import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import {
  DataDirectoryInUse,
  LOCK_FILE_NAME,
  type LockHolder,
  type StaleLockNotice,
  lockDataDirectory,
} from '../../adapters/persistence-mikro-orm/data-directory-lock.ts';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';

async function aDataDir(t: { teardown(fn: () => Promise<void>): void }): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cad-lock-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const holder = (overrides: Partial<LockHolder>): LockHolder => ({
  pid: 1,
  host: hostname(),
  bootId: null,
  command: 'server.ts',
  since: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const writeLock = (dir: string, content: LockHolder | string) =>
  writeFile(join(dir, LOCK_FILE_NAME), typeof content === 'string' ? content : JSON.stringify(content));

/** A process that lives until it is killed. */
function aLiveProcess(t: { teardown(fn: () => void): void }): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  t.teardown(() => child.kill('SIGKILL'));
  return child;
}

/** The pid of a process that has exited. */
async function aDeadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid!;
}

test('the lock file names its holder; release removes it; the directory can be locked again', async (t) => {
  const dir = await aDataDir(t);
  const lock = await lockDataDirectory(dir);
  const written = JSON.parse(await readFile(join(dir, LOCK_FILE_NAME), 'utf8')) as LockHolder;
  t.like(written, { pid: process.pid, host: hostname() });
  t.regex(written.since, /^\d{4}-\d\d-\d\dT/);
  await lock.release();
  t.false(existsSync(join(dir, LOCK_FILE_NAME)));
  await (await lockDataDirectory(dir)).release();
  await lock.release();
});

test('a directory open in this process is refused a second time', async (t) => {
  const dir = await aDataDir(t);
  const lock = await lockDataDirectory(dir);
  t.teardown(() => lock.release());
  const error = await t.throwsAsync(lockDataDirectory(join(dir, '.')), { instanceOf: DataDirectoryInUse });
  t.regex(error!.message, /open already in this process/);
});

test('a lock held by a live process on this host is refused at once, naming its pid', async (t) => {
  const dir = await aDataDir(t);
  const live = aLiveProcess(t);
  await writeLock(dir, holder({ pid: live.pid! }));
  const error = await t.throwsAsync(lockDataDirectory(dir), { instanceOf: DataDirectoryInUse });
  t.is(error!.holder?.pid, live.pid);
  t.regex(error!.message, new RegExp(`in use by process ${live.pid} \\(server\\.ts, since 2026-01-01T00:00:00\\.000Z\\)`));
  t.regex(error!.message, /Only one process at a time may open it/);
  t.is(JSON.parse(await readFile(join(dir, LOCK_FILE_NAME), 'utf8')).pid, live.pid, 'the holder keeps its lock');
});

test('a lock whose process no longer runs is taken over, and that is told', async (t) => {
  const dir = await aDataDir(t);
  const dead = await aDeadPid();
  await writeLock(dir, holder({ pid: dead }));
  const notices: StaleLockNotice[] = [];
  const lock = await lockDataDirectory(dir, (notice) => notices.push(notice));
  t.teardown(() => lock.release());
  t.is(notices.length, 1);
  t.is(notices[0]!.holder.pid, dead);
  t.is(JSON.parse(await readFile(join(dir, LOCK_FILE_NAME), 'utf8')).pid, process.pid);
});

test('a lock from before a reboot is stale even if its pid runs now; our own pid is an earlier process', async (t) => {
  const dir = await aDataDir(t);
  const live = aLiveProcess(t);
  const notices: StaleLockNotice[] = [];
  if (existsSync('/proc/sys/kernel/random/boot_id')) {
    await writeLock(dir, holder({ pid: live.pid!, bootId: 'an-earlier-boot' }));
    await (await lockDataDirectory(dir, (n) => notices.push(n))).release();
  }
  await writeLock(dir, holder({ pid: process.pid }));
  await (await lockDataDirectory(dir, (n) => notices.push(n))).release();
  t.is(notices.at(-1)?.holder.pid, process.pid);
});

test('a lock from another host, or one that cannot be read, is refused with the file to delete', async (t) => {
  const dir = await aDataDir(t);
  await writeLock(dir, holder({ pid: 4242, host: 'another-host' }));
  const elsewhere = await t.throwsAsync(lockDataDirectory(dir), { instanceOf: DataDirectoryInUse });
  t.regex(elsewhere!.message, /process 4242 .* on host another-host/);
  t.true(elsewhere!.message.includes(join(dir, LOCK_FILE_NAME)));
  await writeLock(dir, 'not json');
  const unreadable = await t.throwsAsync(lockDataDirectory(dir), { instanceOf: DataDirectoryInUse });
  t.regex(unreadable!.message, /cannot be read/);
});

test('release leaves alone a lock file that is no longer this process’s', async (t) => {
  const dir = await aDataDir(t);
  const lock = await lockDataDirectory(dir);
  await writeLock(dir, holder({ pid: 4242 }));
  await lock.release();
  t.is(JSON.parse(await readFile(join(dir, LOCK_FILE_NAME), 'utf8')).pid, 4242);
});

test('of several processes started together on one stale lock, exactly one gets it', async (t) => {
  t.timeout(300_000, 'four processes start under tsx');
  const dir = await aDataDir(t);
  await writeLock(dir, holder({ pid: await aDeadPid() }));
  const contenders = Array.from({ length: 4 }, () => {
    const child = spawn(process.execPath, ['--import=tsx', 'tests/support/lock-contender.ts', dir]);
    t.teardown(() => child.kill('SIGKILL'));
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const answered = new Promise<string>((resolve) => {
      child.stdout.on('data', () => out.includes('\n') && resolve(out.trim()));
      // 'close', not 'exit': a process that answers and exits at once may exit before its output is read.
      child.once('close', () => resolve(out.trim()));
    });
    return { child, answered };
  });
  const answers = await Promise.all(contenders.map((c) => c.answered));
  const winners = answers.filter((a) => a.startsWith('locked '));
  t.is(winners.length, 1, answers.join('\n'));
  const winnerPid = winners[0]!.slice('locked '.length);
  for (const answer of answers.filter((a) => !a.startsWith('locked '))) t.regex(answer, new RegExp(`^refused .*process ${winnerPid} `));
  const winner = contenders.find((c) => c.child.pid === Number(winnerPid))!.child;
  const exited = once(winner, 'exit');
  winner.stdin!.end();
  await exited;
  t.false(existsSync(join(dir, LOCK_FILE_NAME)), 'released when the holder closed');
});

test('the embedded store holds its directory’s lock from opening to closing', async (t) => {
  const dir = await aDataDir(t);
  const store = await openMikroOrmPersistence({ kind: 'pglite', dataDir: dir });
  t.true(existsSync(join(dir, LOCK_FILE_NAME)));
  await t.throwsAsync(openMikroOrmPersistence({ kind: 'pglite', dataDir: dir }), { instanceOf: DataDirectoryInUse });
  await store.close();
  t.false(existsSync(join(dir, LOCK_FILE_NAME)));
});
