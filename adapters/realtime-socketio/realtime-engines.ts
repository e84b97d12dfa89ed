import type { Server as HttpServer } from 'node:http';
import type { TemplatedApp, us_listen_socket } from 'uWebSockets.js';
import type { Server } from 'socket.io';
import type { RealtimeEngineChoice } from './realtime-gateway.ts';

/**
 * Where the realtime server runs: Socket.IO's uWS engine on its own port or on the uws HTTP
 * transport's app, or its Node engine on the Koa transport's server; and how it is let go.
 */
export type Uws = typeof import('uWebSockets.js');

/** How long close() waits for the engine to let go of its connections. */
const CLOSE_WAIT_MS = 5_000;

/** What the engine needs to know of the HTTP side. */
export interface EngineOptions {
  readonly engine: RealtimeEngineChoice;
  readonly port: number;
  readonly host: string;
  readonly http:
    { readonly kind: 'node'; readonly server: HttpServer } | { readonly kind: 'uws'; readonly app: TemplatedApp; readonly url: string };
}

export async function loadUws(options: EngineOptions): Promise<{ uws: Uws | null; fallback: string | null }> {
  try {
    return { uws: await import('uWebSockets.js'), fallback: null };
  } catch (error) {
    // The binary needs glibc >= 2.38 (see scripts/newer-glibc.sh); its message names the cause on its last line.
    const reason = String(error instanceof Error ? error.message : error)
      .trim()
      .split('\n')
      .at(-1);
    if (options.engine === 'uws') throw new Error(`uWebSockets.js could not be loaded: ${reason}`, { cause: error });
    return { uws: null, fallback: reason ?? 'unknown' };
  }
}

export interface Attached {
  readonly engine: 'uws' | 'node';
  readonly url: string;
  close(): Promise<void>;
}

/** A uWebSockets.js app on its own host and port, served by Socket.IO's uWS engine. */
export async function listenOnUws(io: Server, uws: Uws, options: EngineOptions): Promise<Attached> {
  const app = uws.App();
  // Note: attachApp patches socket.io-adapter's Adapter prototype process-wide (fast uWS publish)
  // until io.close() restores it; one uWS-attached server per process, none beside a node-engine one.
  io.attachApp(app);
  const listenSocket = await new Promise<us_listen_socket | false>((resolve) => app.listen(options.host, options.port, resolve));
  const close = async () => {
    await io.close();
    if (listenSocket) uws.us_listen_socket_close(listenSocket);
    app.close();
  };
  if (!listenSocket) {
    await close();
    throw new Error(`uWebSockets.js could not listen on ${options.host}:${options.port}`);
  }
  return { engine: 'uws', url: httpUrl(options.host, uws.us_socket_local_port(listenSocket)), close };
}

/** Socket.IO on the uws HTTP transport's own app and port; the app is its owner's to close. */
export function attachToUwsApp(io: Server, app: TemplatedApp, url: string): Attached {
  io.attachApp(app);
  return { engine: 'uws', url, close: () => io.close() };
}

/**
 * Socket.IO on the Node HTTP server, path `/socket.io/`. Engine.IO takes over the server's
 * `request` listeners present now (Koa's, registered when the server was created): requests for
 * its path go to the engine, every other request to them, so Koa never answers `/socket.io/`.
 */
export function attachToHttpServer(io: Server, http: EngineOptions['http']): Attached {
  if (http.kind !== 'node') throw new Error('the realtime node engine runs on the Koa transport only');
  const httpServer = http.server;
  const address = httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('the realtime node engine needs a listening TCP HTTP server');
  io.attach(httpServer);
  return {
    engine: 'node',
    url: httpUrl(address.address, address.port),
    // Not io.close(): it would close the shared HTTP server, which its owner closes. Closing the
    // engine ends every connection at once, and with it every socket of every namespace.
    close: async () => {
      io.engine.close();
    },
  };
}

function httpUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/** Connections end asynchronously after close; a process waiting on them would not exit. */
export async function engineDrained(io: Server): Promise<boolean> {
  const deadline = Date.now() + CLOSE_WAIT_MS;
  while (io.engine.clientsCount > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  return io.engine.clientsCount === 0;
}
