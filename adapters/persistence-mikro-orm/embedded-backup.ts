import { PGlite } from '@electric-sql/pglite';
import { link, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { LOCK_FILE_NAME, lockDataDirectory } from './data-directory-lock.ts';

/** Why a backup or restore was refused, for scripts; the message says it in words, with what to do. */
export type BackupRefusal = 'no_database' | 'file_exists' | 'directory_not_empty' | 'written_during_restore';

/** A backup or restore that cannot be done as asked; the message says why and what to do. */
export class BackupRefused extends Error {
  override readonly name = 'BackupRefused';
  constructor(
    readonly reason: BackupRefusal,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Writes a consistent copy of the embedded database in `dataDir` to `file` (a gzipped tar, as
 * PGlite dumps it). The directory's lock is taken first, so the service must be stopped: while it
 * runs, the lock is refused with its pid (decision 0036). An existing `file` is never overwritten.
 */
export async function backupDataDirectory(dataDir: string, file: string): Promise<{ bytes: number }> {
  if ((await entriesOf(dataDir)) === null) throw new BackupRefused('no_database', `there is no embedded database in ${dataDir}`);
  const lock = await lockDataDirectory(dataDir);
  try {
    const db = await PGlite.create(dataDir);
    let dump: Blob;
    try {
      dump = await db.dumpDataDir('gzip');
    } finally {
      await db.close();
    }
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Written beside the target and then linked to its name, so a backup file is whole or absent, and never replaces one.
    const draft = `${file}.${process.pid}.partial`;
    await writeFile(draft, bytes, { flag: 'wx' });
    try {
      await link(draft, file);
    } catch (error) {
      if ((error as { code?: string }).code === 'EEXIST') throw new BackupRefused('file_exists', `${file} exists already; name a new file`);
      throw error;
    } finally {
      await rm(draft, { force: true });
    }
    return { bytes: bytes.length };
  } finally {
    await lock.release();
  }
}

/**
 * Restores a backup made by `backupDataDirectory` into `dataDir`, which must not exist or be empty:
 * a restore never overwrites a database. The backup is unpacked into a private directory beside
 * it, without the lock file it was taken under, and then renamed into place in one step, so that a
 * process starting meanwhile finds either nothing or the whole database.
 */
export async function restoreDataDirectory(file: string, dataDir: string): Promise<void> {
  const target = resolve(dataDir);
  const entries = await entriesOf(target);
  if (entries !== null && entries.length > 0) {
    throw new BackupRefused('directory_not_empty', `${dataDir} is not empty; restore into a new or empty directory`);
  }
  const backup = await readFile(file);
  const draft = `${target}.restoring-${process.pid}`;
  await mkdir(draft);
  try {
    const db = await PGlite.create(draft, { loadDataDir: new Blob([backup]) });
    try {
      await db.query('select 1');
    } finally {
      await db.close();
    }
    await rm(join(draft, LOCK_FILE_NAME), { force: true });
    await rename(draft, target).catch((error: unknown) => {
      const code = (error as { code?: string }).code;
      if (code === 'ENOTEMPTY' || code === 'EEXIST')
        throw new BackupRefused('written_during_restore', `${dataDir} was written to during the restore; nothing was restored`);
      throw error;
    });
  } finally {
    await rm(draft, { recursive: true, force: true });
  }
}

/** The names in a directory, or null when there is no directory. */
async function entriesOf(dir: string): Promise<string[] | null> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
}
