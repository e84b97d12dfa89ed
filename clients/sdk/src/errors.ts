import type { ErrorBody } from './generated/routes.ts';

/**
 * An answer that is not the route's success: bad input (400), a missing scope (403), a failed
 * exchange (401), or a limit or an outage that outlasted the client's patience. Bridge refusals
 * are never this: they are values (`{ ok: false, reason }`).
 */
export class CadHttpError extends Error {
  override readonly name = 'CadHttpError';
  constructor(
    readonly operationId: string,
    readonly status: number,
    readonly body: ErrorBody | undefined,
  ) {
    super(`${operationId}: HTTP ${status}${body ? ` ${body.error}: ${body.message}` : ''}`);
  }
}

/** The service could not be reached (refused connection, reset, timeout) and the request was not retried, or no retry reached it. */
export class CadUnreachableError extends Error {
  override readonly name = 'CadUnreachableError';
  constructor(
    readonly operationId: string,
    override readonly cause: unknown,
  ) {
    super(`${operationId}: the service could not be reached (${cause instanceof Error ? cause.message : String(cause)})`);
  }
}
