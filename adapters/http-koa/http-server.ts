import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { Logger } from '../logging/index.ts';
import { answerClientErrors } from './client-errors.ts';

/**
 * How long a client may take and how many may be connected at once, so that slow or idle clients
 * cannot hold the server's connections (decision 0031).
 */
export interface ConnectionLimits {
  /** The whole request, headers and body, must have arrived within this; otherwise 408 and close. */
  readonly requestTimeoutMs: number;
  /** The request's headers must have arrived within this (and within the request timeout). */
  readonly headersTimeoutMs: number;
  /** A kept-alive connection with no request in progress is closed after this. */
  readonly keepAliveTimeoutMs: number;
  /** A connection on which nothing is read or written for this long is destroyed. */
  readonly idleTimeoutMs: number;
  /** Connections beyond this many open ones are closed as soon as they are accepted. */
  readonly maxConnections: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  requestTimeoutMs: 10_000,
  headersTimeoutMs: 5_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
  maxConnections: 4_096,
};

/** At most one warning about refused connections per this period, however many are refused. */
const DROP_REPORT_MS = 60_000;

export interface ListeningServer {
  /** The Node server, for transports that share the port (the realtime channel's Node engine). */
  readonly server: Server;
  readonly port: number;
  readonly url: string;
  /** Stops accepting, lets requests in flight finish (up to the grace period), then closes. */
  close(graceMs?: number): Promise<void>;
}

export async function listen(
  app: Koa,
  port: number,
  host: string,
  limits: ConnectionLimits = DEFAULT_CONNECTION_LIMITS,
  logger?: Pick<Logger, 'warn'>,
): Promise<ListeningServer> {
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks the request and headers deadlines only this often (30 s by default, which let a
      // slow body hold a connection for 330 s); a quarter of the headers deadline keeps them close.
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    app.callback(),
  );
  answerClientErrors(server);
  server.setTimeout(limits.idleTimeoutMs);
  server.maxConnections = limits.maxConnections;
  reportDrops(server, limits.maxConnections, logger);
  server.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const bound = (server.address() as AddressInfo).port;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    server,
    port: bound,
    url: `http://${shown.includes(':') ? `[${shown}]` : shown}:${bound}`,
    close: async (graceMs = 10_000) => {
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      server.closeIdleConnections();
      const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
      try {
        await closed;
      } finally {
        clearTimeout(deadline);
      }
    },
  };
}

/** A flood of connections must not flood the log too: at most one line per period, with the count. */
function reportDrops(server: Server, maxConnections: number, logger: Pick<Logger, 'warn'> | undefined): void {
  if (logger === undefined) return;
  let dropped = 0;
  let period: NodeJS.Timeout | undefined;
  const report = () => {
    period = undefined;
    if (dropped === 0) return;
    logger.warn({ dropped, maxConnections }, `refused ${dropped} connection(s): ${maxConnections} were open already`);
    dropped = 0;
    period = setTimeout(report, DROP_REPORT_MS).unref();
  };
  server.on('drop', () => {
    dropped += 1;
    if (period === undefined) report();
  });
  server.once('close', () => {
    clearTimeout(period);
    period = undefined;
  });
}
