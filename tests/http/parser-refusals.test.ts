import test from 'ava';
import { pino } from 'pino';
import { DEFAULT_CONNECTION_LIMITS } from '../../adapters/http-koa/http-server.ts';
import { type RunningService, startService } from '../../composition/service.ts';
import { testHttpEngine } from '../support/http-engine.ts';
import { rawConnection, within } from '../support/raw-connection.ts';

/**
 * What the transport's HTTP parser refuses before a request reaches the application (headers too
 * large, a malformed request, a request past its deadline) is answered in the one error shape too,
 * and the connection is closed: Node's parser under Koa, uWebSockets.js's own under uws, held to the
 * same answers. Driven through raw sockets, since a client library would not send these.
 */
async function serve(t: { teardown(fn: () => Promise<void>): void }, requestTimeoutMs = 10_000): Promise<RunningService> {
  const service = await startService({
    storage: { kind: 'memory' },
    port: 0,
    host: '127.0.0.1',
    logger: pino({ level: 'silent' }),
    bootstrapKey: 'a bootstrap key for the parser refusal tests, 32+ chars',
    connections: { ...DEFAULT_CONNECTION_LIMITS, requestTimeoutMs, headersTimeoutMs: Math.min(5_000, requestTimeoutMs) },
    httpEngine: testHttpEngine,
  });
  t.teardown(() => service.close());
  return service;
}

/** Sends raw bytes and reads the whole answer, up to the connection's closing. */
async function exchange(url: string, request: string): Promise<{ head: string; headers: Map<string, string>; body: unknown }> {
  const connection = await rawConnection(url);
  connection.write(request);
  const closed = await within(connection.closed, 10_000, -1);
  if (closed === -1) connection.destroy();
  const [head = '', body = ''] = connection.received().split('\r\n\r\n');
  const [status = '', ...lines] = head.split('\r\n');
  const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { head: status, headers, body: body === '' ? undefined : JSON.parse(body) };
}

if (testHttpEngine !== 'uws') {
  test('headers larger than Node allows are a 431 in the one error shape', async (t) => {
    const service = await serve(t);
    const reply = await exchange(service.url, `GET /healthz HTTP/1.1\r\nHost: cad\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    t.is(reply.head, 'HTTP/1.1 431 Request Header Fields Too Large');
    t.deepEqual(reply.body, { error: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' });
    t.is(reply.headers.get('content-type'), 'application/json; charset=utf-8');
    t.is(reply.headers.get('x-content-type-options'), 'nosniff');
  });

  test('a request the HTTP parser cannot read is a 400 in the one error shape', async (t) => {
    const service = await serve(t);
    for (const request of ['GET /healthz HTTP/1.1\r\nHost: cad\r\nno colon here\r\n\r\n', 'NOT HTTP AT ALL\r\n\r\n']) {
      const reply = await exchange(service.url, request);
      t.is(reply.head, 'HTTP/1.1 400 Bad Request', JSON.stringify(request));
      t.deepEqual(reply.body, { error: 'VALIDATION_FAILED', message: 'The request is not valid HTTP.' });
    }
  });
} else {
  // uWebSockets.js answers what its parser refuses itself, with a page of its own, and closes (decision 0094).
  test('uws: headers over the 16 KiB limit are uWS’s 431, and the connection is closed', async (t) => {
    const service = await serve(t);
    const reply = await exchangeText(service.url, `GET /healthz HTTP/1.1\r\nHost: cad\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    t.is(reply.head, 'HTTP/1.1 431 Request Header Fields Too Large');
    t.true(reply.closed);
    const within = await exchangeText(
      service.url,
      `GET /healthz HTTP/1.1\r\nHost: cad\r\nX-Big: ${'a'.repeat(12_000)}\r\nConnection: close\r\n\r\n`,
    );
    t.is(within.head, 'HTTP/1.1 200 OK', 'headers under Node’s limit pass, as on Koa');
  });

  test('uws: a request its parser cannot read is uWS’s 400 (505 for a request line that is not HTTP/1.1), and the connection is closed', async (t) => {
    const service = await serve(t);
    for (const [request, head] of [
      ['GET /healthz HTTP/1.1\r\nHost: cad\r\nno colon here\r\n\r\n', 'HTTP/1.1 400 Bad Request'],
      ['NOT HTTP AT ALL\r\n\r\n', 'HTTP/1.1 505 HTTP Version Not Supported'],
    ] as const) {
      const reply = await exchangeText(service.url, request);
      t.is(reply.head, head, JSON.stringify(request));
      t.true(reply.closed);
    }
  });
}

/** Sends raw bytes and reads the status line of the answer, and whether the server closed the connection. */
async function exchangeText(url: string, request: string): Promise<{ head: string; closed: boolean }> {
  const connection = await rawConnection(url);
  connection.write(request);
  const closed = (await within(connection.closed, 10_000, -1)) !== -1;
  if (!closed) connection.destroy();
  return { head: connection.received().split('\r\n', 1)[0] ?? '', closed };
}

test('a body that misses the request deadline is a 408 in the one error shape', async (t) => {
  const service = await serve(t, 1_000);
  const reply = await exchange(
    service.url,
    'POST /api/v1/integrations/token HTTP/1.1\r\nHost: cad\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
  );
  t.is(reply.head, 'HTTP/1.1 408 Request Timeout');
  t.deepEqual(reply.body, { error: 'REQUEST_TIMEOUT', message: 'The request did not arrive in time.' });
});

test('a well-formed request on the same server is still served', async (t) => {
  const service = await serve(t);
  const reply = await exchange(service.url, 'GET /healthz HTTP/1.1\r\nHost: cad\r\nConnection: close\r\n\r\n');
  t.is(reply.head, 'HTTP/1.1 200 OK');
});
