import type { Middleware } from 'koa';
import { StoreUnavailable, UniqueConstraintViolation } from '../../../application/ports/persistence-errors.ts';
import type { Logger } from '../../logging/index.ts';
import { HttpError } from '../error-catalogue.ts';
import type { HttpState } from '../http-state.ts';

/**
 * Renders every failure in the one error shape and never lets an internal detail out: a thrown
 * `HttpError` says what it says; framework errors are mapped by status; anything else is a
 * logged 500 with a generic message.
 */
export function errorHandler(log: Logger): Middleware<HttpState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body == null && ctx.status === 405) render(ctx, methodNotAllowed(ctx.method, ctx.response.get('allow')));
      else if (ctx.body == null && [404, 501].includes(ctx.status))
        render(ctx, new HttpError(ctx.status === 501 ? 'NOT_IMPLEMENTED' : 'NOT_FOUND'));
    } catch (error) {
      const answer = toHttpError(error, log, ctx.state.requestId);
      render(ctx, answer);
    }
  };
}

/** The router has set `Allow` to the methods of the path; the body names the method refused and repeats them. */
function methodNotAllowed(method: string, allow: string): HttpError {
  return new HttpError('METHOD_NOT_ALLOWED', `${method} is not allowed here. This path allows ${allow}.`);
}

function render(ctx: Parameters<Middleware<HttpState>>[0], error: HttpError): void {
  ctx.body = error.body;
  // Assigning a body on Koa's implicit 404 turns it into 200, so the status is set after.
  ctx.status = error.status;
}

function toHttpError(error: unknown, log: Logger, requestId: string): HttpError {
  if (error instanceof HttpError) return error;
  const status = (error as { status?: unknown }).status;
  if (status === 401) return new HttpError('UNAUTHORIZED');
  if (status === 413) return new HttpError('PAYLOAD_TOO_LARGE');
  if (status === 400 && error instanceof SyntaxError) {
    return new HttpError('VALIDATION_FAILED', 'The body is not valid JSON.', [{ in: 'body', field: '', message: 'is not valid JSON' }]);
  }
  if (status === 415) return new HttpError('UNSUPPORTED_MEDIA_TYPE');
  if (error instanceof UniqueConstraintViolation) return new HttpError('CONFLICT');
  if (error instanceof StoreUnavailable) {
    // A fault of the database, not of this code: a warning without a stack, and a 503 the caller may retry.
    log.warn({ requestId, reason: error.reason }, 'database unavailable');
    return new HttpError('SERVICE_UNAVAILABLE', 'The database does not answer. Try again shortly.');
  }
  log.error({ requestId, err: error }, 'unhandled error');
  return new HttpError('INTERNAL');
}
