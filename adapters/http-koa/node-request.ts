import type { IncomingMessage } from 'node:http';
import type { TransportRequest } from '../http/index.ts';

/** A request of Node's HTTP server as the pipeline reads it. */
export function transportRequestOf(req: IncomingMessage): TransportRequest {
  return {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    header: (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    headerValues: (name) => req.headersDistinct[name],
    remoteAddress: req.socket.remoteAddress ?? '',
    encrypted: (req.socket as { encrypted?: boolean }).encrypted === true,
    body: () => req,
  };
}
