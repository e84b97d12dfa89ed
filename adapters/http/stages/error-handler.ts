import { StoreUnavailable, UniqueConstraintViolation } from '../../../application/ports/persistence-errors.ts';
import type { Logger } from '../../logging/index.ts';
import { HttpError } from '../error-catalogue.ts';
import type { Exchange, Stage } from '../exchange.ts';

/**
 * Renders every failure in the one error shape and never lets an internal detail out: a thrown
 * `HttpError` says what it says; anything else is a logged 500 with a generic message (or a 503
 * when the database does not answer, a 409 on a unique constraint).
 */
export function errorHandler(log: Logger): Stage {
  return async (ex, next) => {
    try {
      await next();
    } catch (error) {
      render(ex, toHttpError(error, log, ex.state.requestId));
    }
  };
}

/** The answer of a path the table knows, with a method it does not: the body names the method refused and the ones allowed. */
export function methodNotAllowed(method: string, allow: string): HttpError {
  return new HttpError('METHOD_NOT_ALLOWED', `${method} is not allowed here. This path allows ${allow}.`);
}

export function render(ex: Exchange, error: HttpError): void {
  if (error.retryAfterSeconds !== undefined) ex.set('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  ex.status = error.status;
  ex.type = 'application/json';
  ex.body = JSON.stringify(error.body);
}

function toHttpError(error: unknown, log: Logger, requestId: string): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof UniqueConstraintViolation) return new HttpError('CONFLICT');
  if (error instanceof StoreUnavailable) {
    // A fault of the database, not of this code: a warning without a stack, and a 503 the caller may retry.
    log.warn({ requestId, reason: error.reason }, 'database unavailable');
    return new HttpError('SERVICE_UNAVAILABLE', 'The database does not answer. Try again shortly.');
  }
  log.error({ requestId, err: error }, 'unhandled error');
  return new HttpError('INTERNAL');
}
