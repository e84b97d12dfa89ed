/**
 * A process that tries to lock a data directory (for the lock's race tests): prints `locked <pid>`
 * or `refused <message>`, and, when it holds the lock, keeps it until its standard input closes.
 *
 *   node --import=tsx tests/support/lock-contender.ts <dataDir>
 */
import { DataDirectoryInUse, lockDataDirectory } from '../../adapters/persistence-mikro-orm/data-directory-lock.ts';

const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error('usage: lock-contender.ts <dataDir>');
try {
  const lock = await lockDataDirectory(dataDir, (notice) => process.stderr.write(`took over from ${notice.holder.pid}\n`));
  process.stdout.write(`locked ${process.pid}\n`);
  process.stdin.resume();
  process.stdin.once('end', () => void lock.release().then(() => process.exit(0)));
} catch (error) {
  if (!(error instanceof DataDirectoryInUse)) throw error;
  process.stdout.write(`refused ${error.message}\n`);
  process.exit(3);
}
