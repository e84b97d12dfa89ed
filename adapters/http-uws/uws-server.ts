import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import type { HttpRequest, HttpResponse, TemplatedApp, us_listen_socket } from 'uWebSockets.js';
import { type Answer, HttpError, type HttpPipeline, type TransportRequest, transportRefusal } from '../http/index.ts';
import type { Logger } from '../logging/index.ts';

/** The uWebSockets.js module, as `loadUws` gives it. */
export type Uws = typeof import('uWebSockets.js');

/** The deadlines and bound the uWS transport keeps itself (decision 0031's figures, as far as uWS lets them be set). */
export interface UwsConnectionLimits {
  /** The whole request, body included, must have arrived within this; otherwise 408 and close. */
  readonly requestTimeoutMs: number;
  /** Connections beyond this many open ones are closed as soon as they are accepted. */
  readonly maxConnections: number;
}

export interface UwsListening {
  /** The uWS app, for the realtime channel to share (Socket.IO's `attachApp`). */
  readonly app: TemplatedApp;
  readonly port: number;
  readonly url: string;
  /** Stops accepting, lets requests in flight finish (up to the grace period), then closes every connection. */
  close(graceMs?: number): Promise<void>;
}

/** At most one warning about refused connections per this period, however many are refused. */
const DROP_REPORT_MS = 60_000;

/**
 * Loads uWebSockets.js for the HTTP transport, or says why it cannot: its Linux binaries need
 * glibc >= 2.38. Node's own limit on a request's headers (16 KiB) is made uWS's too, through the
 * environment uWS reads when it loads; only the main thread's environment is the process's, so a
 * host that starts the service in a worker thread sets `UWS_HTTP_MAX_HEADERS_SIZE` itself.
 */
export async function loadUws(): Promise<Uws> {
  process.env['UWS_HTTP_MAX_HEADERS_SIZE'] ??= '16384';
  try {
    return await import('uWebSockets.js');
  } catch (error) {
    const reason = String(error instanceof Error ? error.message : error)
      .trim()
      .split('\n')
      .at(-1);
    throw new Error(
      `CAD_HTTP_ENGINE=uws: uWebSockets.js cannot be loaded here (${reason}); its binaries need glibc 2.38 or later. Use CAD_HTTP_ENGINE=koa.`,
      {
        cause: error,
      },
    );
  }
}

/**
 * The route table on uWebSockets.js: every request goes to the transport-neutral pipeline, whose
 * answer is written back; routing, guards, limits, bodies, errors and headers are the pipeline's.
 * This transport only carries bytes, and keeps the deadlines and bound of a connection.
 */
export async function listenUws(
  uws: Uws,
  pipeline: HttpPipeline,
  port: number,
  host: string,
  limits: UwsConnectionLimits,
  logger?: Pick<Logger, 'warn' | 'error'>,
): Promise<UwsListening> {
  const app = uws.App();
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const finished = () => {
    inFlight -= 1;
    if (inFlight === 0) drained?.();
  };
  countConnections(app, limits.maxConnections, logger);
  app.any('/*', (res, req) => {
    inFlight += 1;
    serve(res, req, pipeline, limits)
      .catch((error: unknown) => logger?.error({ err: error }, 'a request of the uws transport failed outside the pipeline'))
      .finally(finished);
  });
  const listenSocket = await new Promise<us_listen_socket | false>((resolve) => app.listen(host, port, resolve));
  if (!listenSocket) {
    app.close();
    throw new Error(`uWebSockets.js could not listen on ${host}:${port}`);
  }
  const bound = uws.us_socket_local_port(listenSocket);
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  let closed: Promise<void> | undefined;
  return {
    app,
    port: bound,
    url: `http://${shown.includes(':') ? `[${shown}]` : shown}:${bound}`,
    close: (graceMs = 10_000) =>
      (closed ??= (async () => {
        uws.us_listen_socket_close(listenSocket);
        if (inFlight > 0) {
          await new Promise<void>((resolve) => {
            const deadline = setTimeout(resolve, graceMs);
            drained = () => {
              clearTimeout(deadline);
              resolve();
            };
          });
        }
        app.close();
      })()),
  };
}

/** One request: read what uWS hands over now (it is gone after this call returns), run the pipeline, write the answer. */
async function serve(res: HttpResponse, req: HttpRequest, pipeline: HttpPipeline, limits: UwsConnectionLimits): Promise<void> {
  let done = false;
  const headers = new Map<string, string[]>();
  req.forEach((name, value) => {
    const values = headers.get(name);
    if (values === undefined) headers.set(name, [value]);
    else values.push(value);
  });
  const method = req.getCaseSensitiveMethod();
  const query = req.getQuery();
  const url = query ? `${req.getUrl()}?${query}` : req.getUrl();
  const remoteAddress = Buffer.from(res.getRemoteAddressAsText()).toString();
  // A body still arriving at the request deadline: 408 and close, as Node's server does.
  let deadline: NodeJS.Timeout | undefined;
  const body = arrivingBody(res, headers, pipeline.bodyLimitBytes, () => clearTimeout(deadline));
  res.onAborted(() => {
    done = true;
    clearTimeout(deadline);
    body?.fail(CLIENT_GONE);
  });
  if (body !== undefined)
    deadline = setTimeout(() => write(transportRefusal(new HttpError('REQUEST_TIMEOUT')), true), limits.requestTimeoutMs);
  const request: TransportRequest = {
    method,
    url,
    header: (name) => headers.get(name)?.join(', '),
    headerValues: (name) => headers.get(name),
    remoteAddress,
    encrypted: false,
    body: () => body?.read() ?? Readable.from([]),
    bodyBytes: () => body?.bytes() ?? Promise.resolve(EMPTY),
  };
  // The pipeline answers every failure itself; `listenUws` logs one of this function's own.
  const answer = await pipeline.handle(request);
  clearTimeout(deadline);
  write(answer, false);

  function write(what: Answer, close: boolean): void {
    if (done) return;
    done = true;
    body?.fail(ANSWERED);
    res.cork(() => {
      res.writeStatus(`${what.status} ${STATUS_CODES[what.status] ?? ''}`);
      for (const [name, value] of what.headers) res.writeHeader(name, value);
      if (method === 'HEAD') res.endWithoutBody(Buffer.byteLength(what.body), close);
      else res.end(what.body, close);
    });
  }
}

/** Why a body stopped being kept; made once, since an error's stack costs more than the request. */
const CLIENT_GONE = new Error('the client went away');
const ANSWERED = new Error('the request was answered');
const EMPTY = Buffer.alloc(0);

/** A request's body as it arrives, and the way to stop keeping it. */
interface ArrivingBody {
  /** All of it, once it has arrived; fails when it was refused (413) or dropped. */
  bytes(): Promise<Buffer>;
  /** The same bytes as a stream (for a decoder that reads one). */
  read(): Readable;
  /** Stops keeping the body; a no-op once it has all arrived. */
  fail(reason: Error): void;
}

/**
 * The body, kept as uWS hands it over; none when the request says it has none. uWS hands each chunk
 * over once, in memory it reuses, so each is copied. Nothing past the body limit is kept, whether
 * or not a stage reads the body: reading it fails with the 413 the body stage answers.
 */
function arrivingBody(res: HttpResponse, headers: Map<string, string[]>, limit: number, complete: () => void): ArrivingBody | undefined {
  const length = headers.get('content-length')?.[0];
  if (headers.get('transfer-encoding') === undefined && (length === undefined || length === '0')) return undefined;
  const chunks: Buffer[] = [];
  let received = 0;
  let whole: Buffer | undefined;
  let failure: Error | undefined;
  let waiting: { resolve(bytes: Buffer): void; reject(reason: Error): void } | undefined;
  const fail = (reason: Error) => {
    if (whole !== undefined || failure !== undefined) return;
    failure = reason;
    chunks.length = 0;
    waiting?.reject(reason);
  };
  res.onData((chunk, isLast) => {
    if (isLast) complete();
    if (failure !== undefined) return;
    received += chunk.byteLength;
    if (received > limit) return fail(Object.assign(new Error('request entity too large'), { status: 413 }));
    chunks.push(Buffer.from(chunk.slice(0)));
    if (!isLast) return;
    whole = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    waiting?.resolve(whole);
  });
  const bytes = () =>
    whole !== undefined
      ? Promise.resolve(whole)
      : failure !== undefined
        ? Promise.reject(failure)
        : new Promise<Buffer>((resolve, reject) => (waiting = { resolve, reject }));
  return {
    bytes,
    read: () => {
      const stream = new Readable({ read: () => undefined });
      // Failed after its reader let go (answered, or the client gone): nobody is left to be told.
      stream.on('error', () => undefined);
      bytes().then(
        (all) => {
          stream.push(all);
          stream.push(null);
        },
        (reason: Error) => stream.destroy(reason),
      );
      return stream;
    },
    fail,
  };
}

/** Counts open connections; one past the bound is closed at once, and the closings are told in the log, at most once a period. */
function countConnections(app: TemplatedApp, maxConnections: number, logger?: Pick<Logger, 'warn'>): void {
  let open = 0;
  let dropped = 0;
  let period: NodeJS.Timeout | undefined;
  const report = () => {
    period = undefined;
    if (dropped === 0) return;
    logger?.warn({ dropped, maxConnections }, `refused ${dropped} connection(s): ${maxConnections} were open already`);
    dropped = 0;
    period = setTimeout(report, DROP_REPORT_MS).unref();
  };
  app.filter((res, count) => {
    open += Number(count) > 0 ? 1 : -1;
    if (Number(count) > 0 && open > maxConnections) {
      dropped += 1;
      if (period === undefined) report();
      res.close();
    }
  });
}
