import { createLogger } from '../adapters/logging/pino-logger.ts';
import { describePostgresDatabase } from '../adapters/persistence-mikro-orm/postgres-database.ts';
import { ConfigError, loadConfig, unknownVariables } from './config.ts';
import { type RunningService, startService } from './service.ts';

/** `npm start`: reads the environment, starts the service, and stops it gracefully on SIGTERM or SIGINT (decision 0054). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  for (const line of unknownVariables(process.env)) logger.warn({ setting: 'unknown' }, line);
  let service: RunningService | undefined;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Still starting: leave at once. Exiting releases the data directory's lock (decision 0029).
    if (service === undefined) process.exit(signal === 'SIGINT' ? 130 : 143);
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    await service.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  service = await startService({ ...config, logger, showBootstrapKey: printBootstrapKey });
  const { url } = service;
  const where =
    config.storage.kind === 'embedded'
      ? `embedded database in ${config.storage.dataDir}`
      : config.storage.kind === 'postgres'
        ? `PostgreSQL database ${describePostgresDatabase(config.storage.url)}`
        : 'memory (nothing is kept)';
  logger.info(
    { url, storage: config.storage.kind, http: config.httpEngine },
    `listening on ${url} (${config.httpEngine}), data in ${where}`,
  );
  logger.info({ admin: `${url}/admin/`, docs: `${url}/api/v1/docs` }, `admin page at ${url}/admin/, API reference at ${url}/api/v1/docs`);
  if (service.metricsUrl !== null) logger.info({ url: service.metricsUrl }, `metrics at ${service.metricsUrl}`);
  if (service.realtime !== null) {
    const { engine, url: realtimeUrl, fallback } = service.realtime;
    logger.info({ engine, url: realtimeUrl }, `realtime waypoint channel (${engine}) at ${realtimeUrl}/integrations/game`);
    if (fallback !== null) {
      logger.debug({ reason: fallback }, 'uWebSockets.js could not be loaded');
      await write(process.stderr, [fallbackLine(fallback, realtimeUrl)]);
    }
  }
  const neverShown = service.bootstrapKeyNeverShownSince;
  if (neverShown !== null) {
    const stopFirst = config.storage.kind === 'embedded' ? 'Stop the service, then run:' : 'Run, with the service running or not:';
    logger.warn(
      { createdAt: neverShown.toISOString() },
      'the bootstrap operator key was never confirmed as shown: `npm run cli -- bootstrap-key reset` replaces it',
    );
    await write(process.stderr, [
      '',
      `  The bootstrap operator key created at ${neverShown.toISOString()} was never confirmed as shown:`,
      '  the start that created it stopped before printing it. If you do not hold that key, replace it:',
      `  ${stopFirst}  npm run cli -- bootstrap-key reset`,
      '  (or set CAD_BOOTSTRAP_KEY to a key of your own and start again).',
      '',
    ]);
  }
}

/**
 * Prints a new bootstrap key and where to use it next; the key counts as shown only once the lines
 * are written.
 */
function printBootstrapKey(key: string, url: string): Promise<void> {
  return write(process.stdout, [
    '',
    '  A bootstrap operator key was created. It is shown this once and never stored as written:',
    '',
    `    ${key}`,
    '',
    `  Next: open ${url}/admin/ and sign in with it, to create your organisation, a department`,
    '  and the credential your game server uses. The API reference is at',
    `  ${url}/api/v1/docs; there the key goes in \`Authorization: Bearer <key>\` on /api/v1/admin.`,
    '  Lost it? `npm run cli -- bootstrap-key reset`.',
    '',
  ]);
}

/** The `auto` realtime engine fell back to Node's HTTP server: what it means for the operator, in one line. */
function fallbackLine(reason: string, realtimeUrl: string): string {
  const why = /GLIBC_[\d.]+/.test(reason) ? 'it needs glibc 2.38 or newer' : 'it could not be loaded; LOG_LEVEL=debug shows why';
  return (
    `Realtime: uWebSockets.js does not run on this system (${why}), so the waypoint channel runs on the HTTP port: ` +
    `game resources connect to ${realtimeUrl}/integrations/game. Nothing else changes; CAD_REALTIME_ENGINE=node skips this check.`
  );
}

function write(stream: NodeJS.WriteStream, lines: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => stream.write(`${lines.join('\n')}\n`, (error) => (error ? reject(error) : resolve())));
}

main().catch((error: unknown) => {
  process.stderr.write(`failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
