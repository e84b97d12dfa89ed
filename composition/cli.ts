import { parseCommand, runCommand } from '../adapters/cli/index.ts';
import { ConfigError, loadConfig } from './config.ts';
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
  const core = await createCadCore({ storage: config.storage, accessTokenTtlSeconds: config.accessTokenTtlSeconds });
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

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : `failed: ${error instanceof Error ? error.message : String(error)}`}\n`,
    );
    process.exit(error instanceof ConfigError ? 2 : 1);
  },
);
