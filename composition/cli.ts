import { type ParsedCommand, onDataDirectory, parseCommand, runCommand } from '../adapters/cli/index.ts';
import { BackupRefused, backupDataDirectory, restoreDataDirectory } from '../adapters/persistence-mikro-orm/embedded-backup.ts';
import { DataDirectoryInUse } from '../adapters/persistence-mikro-orm/data-directory-lock.ts';
import { DatabaseMissing } from '../adapters/persistence-mikro-orm/postgres-database.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { StorageOption } from './storage.ts';
import { createCadCore } from './core.ts';

/**
 * `npm run cli -- <command>`: operator commands on the same database the service uses, through the
 * same use cases. With the embedded database, stop the service first: one process at a time may
 * open its directory, and a second one is refused (decision 0029).
 */
async function main(): Promise<number> {
  // Interrupted, the tool exits rather than dies, so that the data directory's lock is released.
  process.once('SIGINT', () => process.exit(130));
  process.once('SIGTERM', () => process.exit(143));
  const parsed = parseCommand(process.argv.slice(2));
  // Help and usage errors are answered before the store is opened.
  if ('help' in parsed) {
    process.stdout.write(`${parsed.help}\n`);
    return 0;
  }
  if ('usage' in parsed) {
    process.stderr.write(`${parsed.usage}\n`);
    return 2;
  }
  const config = loadConfig(process.env);
  if (onDataDirectory(parsed)) return dataDirectoryCommand(parsed, config.storage);
  let core;
  try {
    core = await createCadCore({ storage: config.storage, accessTokenTtlSeconds: config.accessTokenTtlSeconds });
  } catch (error) {
    if (error instanceof DataDirectoryInUse) return refused('data_directory_in_use', error.message);
    if (error instanceof DatabaseMissing) return refused('database_missing', error.message);
    throw error;
  }
  try {
    return await runCommand(parsed, core.useCases, {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
      operatorKey: process.env['CAD_OPERATOR_KEY'],
    });
  } finally {
    await core.close();
  }
}

/**
 * `backup <file>` and `restore <file>` on the embedded database's directory (decision 0036). A
 * backup takes the directory's lock, so it is refused while the service runs, with a message saying
 * to stop it; a restore writes only into a new or empty directory.
 */
async function dataDirectoryCommand({ command, args: [file] }: ParsedCommand, storage: StorageOption): Promise<number> {
  if (storage.kind !== 'embedded' || storage.dataDir === undefined) {
    process.stderr.write(`${command} works on the embedded database in CAD_DATA_DIR; back up PostgreSQL with its own tools (pg_dump)\n`);
    return 2;
  }
  try {
    if (command === 'backup') {
      const { bytes } = await backupDataDirectory(storage.dataDir, file!);
      process.stdout.write(`${JSON.stringify({ backup: file, bytes })}\n`);
    } else {
      await restoreDataDirectory(file!, storage.dataDir);
      process.stdout.write(`${JSON.stringify({ restored: file, dataDir: storage.dataDir })}\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof DataDirectoryInUse && command === 'backup' && error.holder !== null) {
      const { pid, command: holder } = error.holder;
      return refused(
        'data_directory_in_use',
        `the embedded database in ${storage.dataDir} is in use by process ${pid} (${holder}). ` +
          'A backup needs the service stopped: stop it (SIGTERM or Ctrl-C), back up, then start it again.',
      );
    }
    if (error instanceof DataDirectoryInUse) return refused('data_directory_in_use', error.message);
    if (error instanceof BackupRefused) return refused(error.reason, error.message);
    throw error;
  }
}

/**
 * Every refusal of the tool has one shape on stderr, `{"refused": "<reason>"}`, and exits 1; the
 * refusals of the data directory and the database add a `message` saying what to do (decision 0058).
 */
function refused(reason: string, message: string): number {
  process.stderr.write(`${JSON.stringify({ refused: reason, message })}\n`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : `failed: ${error instanceof Error ? error.message : String(error)}`}\n`,
    );
    process.exit(error instanceof ConfigError ? 2 : 1);
  },
);
