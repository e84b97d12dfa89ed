import test from 'ava';
import { pino } from 'pino';
import type { ConnectionLimits } from '../../adapters/http-koa/http-server.ts';
import { type RunningService, startService } from '../../composition/service.ts';
import { testHttpEngine } from '../support/http-engine.ts';
import { type RawConnection, rawConnection, within } from '../support/raw-connection.ts';

/**
 * Slow and idle clients against the composed server, on the transport under test, through raw
 * sockets. Deadlines are set short (1 s) so that each case finishes fast; a closing is asserted well
 * within a generous bound (10 s), never to the millisecond, and the time it took is logged.
 */
const BOUND_MS = 10_000;
const NOT_CLOSED = -1;

const SHORT: ConnectionLimits = {
  requestTimeoutMs: 1_000,
  headersTimeoutMs: 1_000,
  keepAliveTimeoutMs: 1_000,
  idleTimeoutMs: 60_000,
  maxConnections: 1_000,
};

async function serve(
  t: { teardown(fn: () => Promise<void>): void },
  connections: ConnectionLimits,
  logger = pino({ level: 'silent' }),
): Promise<RunningService> {
  const service = await startService({
    storage: { kind: 'memory' },
    port: 0,
    host: '127.0.0.1',
    logger,
    bootstrapKey: 'a bootstrap key for the slow-client tests, 32+ chars',
    connections,
    httpEngine: testHttpEngine,
  });
  t.teardown(() => service.close());
  return service;
}

/** Sends one more byte every `everyMs` until the connection closes. */
function trickle(connection: RawConnection, chunk: string, everyMs: number): void {
  const timer = setInterval(() => connection.write(chunk), everyMs);
  void connection.closed.then(() => clearInterval(timer));
}

test('a request body sent one byte at a time is answered 408 and closed at the request deadline', async (t) => {
  const service = await serve(t, SHORT);
  const connection = await rawConnection(service.url);
  t.teardown(() => connection.destroy());
  connection.write(
    'POST /api/v1/integrations/token HTTP/1.1\r\nHost: cad\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
  );
  trickle(connection, ' ', 200);
  const closedAfter = await within(connection.closed, BOUND_MS, NOT_CLOSED);
  t.not(closedAfter, NOT_CLOSED, `still open after ${BOUND_MS} ms`);
  t.log(`closed after ${Math.round(closedAfter)} ms (request deadline ${SHORT.requestTimeoutMs} ms)`);
  t.regex(connection.received(), /^HTTP\/1\.1 408 /);
});

/**
 * On the uws transport, uWebSockets.js parses HTTP itself and keeps no headers, keep-alive or idle
 * deadline a transport could set (decision 0094): these cases state what it does instead, so that a
 * change in uWS shows here. What bounds such connections there is CAD_MAX_CONNECTIONS (the last test).
 */
const ON_UWS = testHttpEngine === 'uws';
/** How long a uws case watches a connection that uWS keeps open: three times the deadline Koa would keep. */
const WATCH_MS = 3_000;

if (!ON_UWS) {
  test('headers sent one line at a time are cut at the headers deadline', async (t) => {
    const service = await serve(t, SHORT);
    const connection = await rawConnection(service.url);
    t.teardown(() => connection.destroy());
    connection.write('GET /healthz HTTP/1.1\r\n');
    trickle(connection, 'X-Slow: 1\r\n', 200);
    const closedAfter = await within(connection.closed, BOUND_MS, NOT_CLOSED);
    t.not(closedAfter, NOT_CLOSED, `still open after ${BOUND_MS} ms`);
    t.log(`closed after ${Math.round(closedAfter)} ms (headers deadline ${SHORT.headersTimeoutMs} ms)`);
    t.regex(connection.received(), /^HTTP\/1\.1 408 /);
  });
} else {
  test('uws: headers sent one line at a time end at uWS’s limit of 100 header lines, with its 431 and a close', async (t) => {
    const service = await serve(t, SHORT);
    const connection = await rawConnection(service.url);
    t.teardown(() => connection.destroy());
    connection.write('GET /healthz HTTP/1.1\r\n');
    trickle(connection, 'X-Slow: 1\r\n', 20);
    const closedAfter = await within(connection.closed, BOUND_MS, NOT_CLOSED);
    t.not(closedAfter, NOT_CLOSED, `still open after ${BOUND_MS} ms`);
    t.log(`closed after ${Math.round(closedAfter)} ms (one header line every 20 ms)`);
    t.regex(connection.received(), /^HTTP\/1\.1 431 /);
  });
}

if (!ON_UWS) {
  test('a connection that never sends anything is closed at the headers deadline', async (t) => {
    const service = await serve(t, SHORT);
    const connection = await rawConnection(service.url);
    t.teardown(() => connection.destroy());
    const closedAfter = await within(connection.closed, BOUND_MS, NOT_CLOSED);
    t.not(closedAfter, NOT_CLOSED, `still open after ${BOUND_MS} ms`);
    t.log(`closed after ${Math.round(closedAfter)} ms`);
  });

  test('a kept-alive connection with no further request is closed after the keep-alive timeout', async (t) => {
    const service = await serve(t, SHORT);
    const connection = await rawConnection(service.url);
    t.teardown(() => connection.destroy());
    connection.write('GET /healthz HTTP/1.1\r\nHost: cad\r\nConnection: keep-alive\r\n\r\n');
    await connection.waitFor(/\r\n\r\n\{"status":"ok"\}/);
    t.regex(connection.received(), /^HTTP\/1\.1 200 /);
    t.regex(connection.received(), /Keep-Alive: timeout=1/i);
    const closedAfter = await within(connection.closed, BOUND_MS, NOT_CLOSED);
    t.not(closedAfter, NOT_CLOSED, `still open after ${BOUND_MS} ms`);
    t.log(`closed after ${Math.round(closedAfter)} ms (keep-alive timeout ${SHORT.keepAliveTimeoutMs} ms)`);
  });

  test('a connection on which nothing moves is destroyed at the idle timeout, even before the other deadlines', async (t) => {
    const service = await serve(t, { ...SHORT, requestTimeoutMs: 60_000, headersTimeoutMs: 60_000, idleTimeoutMs: 1_000 });
    const connection = await rawConnection(service.url);
    t.teardown(() => connection.destroy());
    connection.write('GET /healthz HTTP/1.1\r\n');
    const closedAfter = await within(connection.closed, BOUND_MS, NOT_CLOSED);
    t.not(closedAfter, NOT_CLOSED, `still open after ${BOUND_MS} ms`);
    t.log(`closed after ${Math.round(closedAfter)} ms (idle timeout 1000 ms)`);
    t.is(connection.received(), '', 'destroyed without an answer');
  });
} else {
  for (const [what, opening] of [
    ['a connection that never sends anything', ''],
    ['a connection with half its headers sent', 'GET /healthz HTTP/1.1\r\n'],
    ['a kept-alive connection after its answer', 'GET /healthz HTTP/1.1\r\nHost: cad\r\nConnection: keep-alive\r\n\r\n'],
  ] as const) {
    test(`uws: ${what} is not cut by the headers, keep-alive or idle deadline, which uWS does not keep (decision 0094)`, async (t) => {
      const service = await serve(t, { ...SHORT, idleTimeoutMs: 1_000 });
      const connection = await rawConnection(service.url);
      t.teardown(() => connection.destroy());
      connection.write(opening);
      if (opening.endsWith('\r\n\r\n')) {
        await connection.waitFor(/\r\n\r\n\{"status":"ok"\}/);
        t.notRegex(connection.received(), /Keep-Alive:/i, 'uWS names no keep-alive timeout');
      }
      t.is(await within(connection.closed, WATCH_MS, NOT_CLOSED), NOT_CLOSED, `closed within ${WATCH_MS} ms: uWS now keeps a deadline`);
      t.true(connection.isOpen());
    });
  }
}

test('connections beyond the bound are closed at once, counted in the log, and a freed place is taken again', async (t) => {
  const limits = { ...SHORT, requestTimeoutMs: 60_000, headersTimeoutMs: 60_000, keepAliveTimeoutMs: 60_000, maxConnections: 5 };
  const logged: Array<{ level: number; msg: string; dropped?: number }> = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  const service = await serve(t, limits, logger);
  const held: RawConnection[] = [];
  for (let i = 0; i < limits.maxConnections; i++) {
    const connection = await rawConnection(service.url);
    t.teardown(() => connection.destroy());
    connection.write('GET /healthz HTTP/1.1\r\nHost: cad\r\n\r\n');
    await connection.waitFor(/\{"status":"ok"\}/);
    held.push(connection);
  }
  const extra = await rawConnection(service.url);
  t.teardown(() => extra.destroy());
  extra.write('GET /healthz HTTP/1.1\r\nHost: cad\r\n\r\n');
  const closedAfter = await within(extra.closed, BOUND_MS, NOT_CLOSED);
  t.not(closedAfter, NOT_CLOSED, 'the connection beyond the bound stayed open');
  t.is(extra.received(), '', 'refused without an answer');
  t.true(
    held.every((c) => c.isOpen()),
    'the connections within the bound are kept',
  );
  t.like(
    logged.find((line) => line.msg.startsWith('refused')),
    { level: 40, dropped: 1, msg: 'refused 1 connection(s): 5 were open already' },
  );

  held[0]!.destroy();
  await held[0]!.closed;
  let answered = false;
  for (let attempt = 0; attempt < 50 && !answered; attempt++) {
    const again = await rawConnection(service.url);
    t.teardown(() => again.destroy());
    again.write('GET /healthz HTTP/1.1\r\nHost: cad\r\n\r\n');
    answered = await again.waitFor(/\{"status":"ok"\}/).then(
      () => true,
      () => false,
    );
    if (!answered) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  t.true(answered, 'a place freed by a closed connection is taken again');
});
