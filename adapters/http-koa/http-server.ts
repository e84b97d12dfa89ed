import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

export interface ListeningServer {
  /** The Node server, for transports that share the port (the realtime channel's Node engine). */
  readonly server: Server;
  readonly port: number;
  readonly url: string;
  /** Stops accepting, lets requests in flight finish (up to the grace period), then closes. */
  close(graceMs?: number): Promise<void>;
}

export async function listen(app: Koa<never>, port: number, host: string): Promise<ListeningServer> {
  const server: Server = app.listen(port, host);
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
