import { type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { HttpError, transportRefusal } from '../http/index.ts';

/** What Node itself refuses, before any request reaches Koa: the answer Node would give, in the one error shape. */
function answerFor(code: string | undefined): HttpError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new HttpError('HEADERS_TOO_LARGE');
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new HttpError('PAYLOAD_TOO_LARGE');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new HttpError('REQUEST_TIMEOUT');
    default:
      return new HttpError('VALIDATION_FAILED', 'The request is not valid HTTP.');
  }
}

/** A socket's answer in progress, if any (Node's own check before it writes a refusal). */
const answerStarted = (socket: Socket) =>
  (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;

/**
 * Node answers a request its parser refuses (headers too large, a malformed request, a request
 * past its deadline) with an empty body. With this listener, the answer is the one error body every
 * other refusal has, with the same headers, and the connection is closed as Node would close it.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code !== 'ECONNRESET' && socket.writable && !answerStarted(socket)) {
      const answer = transportRefusal(answerFor(error.code));
      socket.write(
        [
          `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}`,
          ...answer.headers.map(([name, value]) => `${name}: ${value}`),
          `Content-Length: ${Buffer.byteLength(answer.body)}`,
          'Connection: close',
          '',
          answer.body,
        ].join('\r\n'),
      );
    }
    socket.destroy(error);
  });
}
