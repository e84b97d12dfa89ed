import { timingSafeEqual } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceMetrics } from './service-metrics.ts';

export interface MetricsListenerOptions {
  readonly port: number;
  /** 127.0.0.1 unless set otherwise (decision 0046). */
  readonly host: string;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  readonly token?: string;
}

export interface MetricsListener {
  readonly url: string;
  close(): Promise<void>;
}

function authorised(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const expected = Buffer.from(`Bearer ${token}`);
  const sent = Buffer.from(header ?? '');
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/**
 * `GET /metrics` on a listener of its own, apart from the public port (decision 0046): it is
 * never reachable through the service's port, and by default only from this machine.
 */
export async function listenMetrics(metrics: ServiceMetrics, options: MetricsListenerOptions): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (!authorised(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('unauthorized\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  server.listen(options.port, options.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const shown = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${shown}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
