import { randomUUID } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, readFile, realpath, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, join, resolve } from 'node:path';

/**
 * One process per embedded data directory (decision 0029). PGlite does not notice a second process
 * on its directory: both run, and the second one's writes are lost. So the directory carries a lock
 * file naming its owner, created atomically, and removed when the owner closes the store or exits.
 */
export const LOCK_FILE_NAME = 'cad.lock';

/** Who holds a data directory: what the lock file says. */
export interface LockHolder {
  readonly pid: number;
  readonly host: string;
  /** The kernel's boot id, where it can be read (Linux): a pid from before a reboot is not alive. */
  readonly bootId: string | null;
  /** The entry script, e.g. `server.ts` or `cli.ts`. */
  readonly command: string;
  /** When it took the lock (ISO 8601). */
  readonly since: string;
}

/** The lock of a dead owner was taken over: said once, so that the operator can see it happened. */
export interface StaleLockNotice {
  readonly dataDir: string;
  readonly file: string;
  readonly holder: LockHolder;
}

export class DataDirectoryInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly file: string,
    /** Null when the lock file cannot be read. */
    readonly holder: LockHolder | null,
    refusal: Refusal,
  ) {
    super(`the embedded database in ${dataDir} ${refusal.state}. Only one process at a time may open it. ${refusal.advice}`);
    this.name = 'DataDirectoryInUse';
  }
}

/** Why a lock is refused: what the directory's state is, and what the operator can do. */
interface Refusal {
  readonly state: string;
  readonly advice: string;
}

export interface DataDirectoryLock {
  readonly file: string;
  /** Removes the lock file if it is still this process's; safe to call twice. */
  release(): Promise<void>;
}

/** Lock files this process holds, with the content it wrote, for release at exit. */
const held = new Map<string, string>();
let exitHookInstalled = false;

/**
 * Takes the lock of an existing data directory, or refuses at once. A lock left by a process that is no longer
 * alive on this host is taken over (and `onStaleLock` is told); any other lock is refused with
 * `DataDirectoryInUse`, naming its holder.
 */
export async function lockDataDirectory(
  dataDir: string,
  onStaleLock: (notice: StaleLockNotice) => void = warnOfStaleLock,
): Promise<DataDirectoryLock> {
  // One name per directory, however it was reached (relative path, symbolic link).
  const file = join(await realpath(resolve(dataDir)), LOCK_FILE_NAME);
  if (held.has(file)) {
    throw new DataDirectoryInUse(dataDir, file, ownHolder(), { state: 'is open already in this process', advice: 'Close it first.' });
  }
  const content = `${JSON.stringify(ownHolder())}\n`;
  const draft = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(draft, content, { flag: 'wx' });
  try {
    // A few rounds at most: each one either takes the lock, refuses, or removes a dead owner's lock.
    for (let round = 0; round < 5; round++) {
      if (await createOnly(file, draft, content)) {
        hold(file, content);
        return { file, release: () => release(file, content) };
      }
      const found = await readLock(file);
      if (found === null) continue;
      const refusal = refusalFor(found.holder, file);
      if (refusal !== null) throw new DataDirectoryInUse(dataDir, file, found.holder, refusal);
      if (await removeIfUnchanged(file, found.raw)) onStaleLock({ dataDir, file, holder: found.holder! });
    }
    throw new DataDirectoryInUse(dataDir, file, null, { state: `could not be locked: ${file} kept changing`, advice: 'Try again.' });
  } finally {
    await rm(draft, { force: true });
  }
}

function ownHolder(): LockHolder {
  return {
    pid: process.pid,
    host: hostname(),
    bootId: bootId(),
    command: basename(process.argv[1] ?? process.argv0),
    since: new Date().toISOString(),
  };
}

/** Null when the lock is stale and may be taken over; otherwise why it may not. */
function refusalFor(holder: LockHolder | null, file: string): Refusal | null {
  if (holder === null) {
    return { state: `is locked by ${file}, which cannot be read`, advice: 'If no process uses the directory, delete that file.' };
  }
  const who = `process ${holder.pid} (${holder.command}, since ${holder.since})`;
  if (holder.host !== hostname()) {
    return {
      state: `is in use by ${who} on host ${holder.host}`,
      advice: `This host cannot tell whether that process still runs; if it does not, delete ${file}.`,
    };
  }
  const ownBoot = bootId();
  if (holder.bootId !== null && ownBoot !== null && holder.bootId !== ownBoot) return null;
  // Our own pid, yet not in `held`: an earlier process that had the same pid (a restarted container).
  if (holder.pid === process.pid) return null;
  if (!isAlive(holder.pid)) return null;
  return {
    state: `is in use by ${who}`,
    advice: 'Stop that process first, or, while the service runs, use its HTTP operator routes (/api/v1/admin) instead.',
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let cachedBootId: string | null | undefined;
function bootId(): string | null {
  if (cachedBootId === undefined) {
    try {
      cachedBootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
    } catch {
      cachedBootId = null;
    }
  }
  return cachedBootId;
}

/**
 * Creates the lock file with its whole content in one step, or reports that it exists: a hard link
 * of a finished draft, so no reader ever sees a half-written lock. Where the file system has no hard
 * links, an exclusive create.
 */
async function createOnly(file: string, draft: string, content: string): Promise<boolean> {
  try {
    await link(draft, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') throw error;
  }
  try {
    await writeFile(file, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function readLock(file: string): Promise<{ raw: string; holder: LockHolder | null } | null> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return { raw, holder: parseHolder(raw) };
}

function parseHolder(raw: string): LockHolder | null {
  try {
    const value = JSON.parse(raw) as Partial<LockHolder>;
    if (!Number.isInteger(value.pid) || (value.pid ?? 0) <= 0 || typeof value.host !== 'string') return null;
    return {
      pid: value.pid!,
      host: value.host,
      bootId: typeof value.bootId === 'string' ? value.bootId : null,
      command: typeof value.command === 'string' ? value.command : 'unknown',
      since: typeof value.since === 'string' ? value.since : 'unknown',
    };
  } catch {
    return null;
  }
}

/**
 * Removes a dead owner's lock, unless it was replaced since it was read. Moving it aside is atomic,
 * so of two processes taking over at once, one moves the dead lock; should the other have moved
 * the winner's fresh lock instead, it sees the difference and puts that lock back.
 */
async function removeIfUnchanged(file: string, raw: string): Promise<boolean> {
  const aside = `${file}.${process.pid}.${randomUUID()}.stale`;
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  try {
    const moved = await readFile(aside, 'utf8');
    if (moved === raw) return true;
    await createOnly(file, aside, moved);
    return false;
  } finally {
    await rm(aside, { force: true });
  }
}

function hold(file: string, content: string): void {
  held.set(file, content);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // However the process ends through `exit` (process.exit, the end of the event loop, a signal
  // handler that exits), its locks go with it. A process killed outright leaves a stale lock.
  process.on('exit', () => {
    for (const [lockFile, mine] of held) releaseSync(lockFile, mine);
  });
}

async function release(file: string, content: string): Promise<void> {
  if (held.get(file) !== content) return;
  held.delete(file);
  const current = await readFile(file, 'utf8').catch(() => null);
  if (current === content) await rm(file, { force: true });
}

function releaseSync(file: string, content: string): void {
  held.delete(file);
  try {
    if (readFileSync(file, 'utf8') === content) unlinkSync(file);
  } catch {
    // Gone already, or unreadable: nothing of ours to remove.
  }
}

function warnOfStaleLock(notice: StaleLockNotice): void {
  process.emitWarning(describeStaleLock(notice), 'StaleLockWarning');
}

/** The line the operator reads when a dead owner's lock was taken over. */
export function describeStaleLock({ dataDir, holder }: StaleLockNotice): string {
  return `took over the lock of the embedded database in ${dataDir}: its holder, process ${holder.pid} (${holder.command}, since ${holder.since}), no longer runs`;
}
