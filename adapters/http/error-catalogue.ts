import type { Answer } from './exchange.ts';

/**
 * The one catalogue of `error` codes a client can receive. Every non-2xx answer is
 * `{ error, message, details? }` with one of these codes; the OpenAPI document lists them.
 */
export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid.' },
  UNAUTHORIZED: { status: 401, message: 'Authentication failed.' },
  FORBIDDEN: { status: 403, message: 'This credential may not do that.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'That method is not allowed here.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time.' },
  CONFLICT: { status: 409, message: 'That conflicts with what exists.' },
  BOLO_HAS_NO_VEHICLE: { status: 409, message: 'The BOLO is not linked to a vehicle; a camera hit needs one.' },
  BOLO_NOT_ACTIVE: { status: 409, message: 'The BOLO is no longer active.' },
  PLATE_MISMATCH: { status: 409, message: "The plate differs from the BOLO vehicle's plate." },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed. Retry it shortly with the same key.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the body as application/json.' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: 'This Idempotency-Key was used with a different request.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side.' },
  NOT_IMPLEMENTED: { status: 501, message: 'That method is not supported.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is not ready.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** One bad field of a request: where it was, which field, and what is wrong with it. */
export interface FieldProblem {
  readonly in: 'body' | 'query' | 'path' | 'header';
  readonly field: string;
  readonly message: string;
}

export interface ErrorBody {
  readonly error: ErrorCode;
  readonly message: string;
  readonly details?: readonly FieldProblem[];
}

/** An answer other than success; the error middleware renders it in the one shape. */
export class HttpError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CATALOGUE[code].message,
    readonly details?: readonly FieldProblem[],
    /** Seconds the caller should wait (`Retry-After`), for a refusal that ends with time. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.status = ERROR_CATALOGUE[code].status;
  }

  get body(): ErrorBody {
    return this.details === undefined
      ? { error: this.code, message: this.message }
      : { error: this.code, message: this.message, details: this.details };
  }
}

/** A single bad field in the body, for rule checks beyond the schema. */
export function invalidField(field: string, message: string): HttpError {
  return new HttpError('VALIDATION_FAILED', undefined, [{ in: 'body', field, message }]);
}

/**
 * A refusal a transport gives itself, outside the pipeline (a request past its deadline, one its
 * parser cannot read): the one error shape, with the headers every answer has that need no request.
 */
export function transportRefusal(error: HttpError): Answer {
  return {
    status: error.status,
    headers: [
      ['Content-Type', 'application/json; charset=utf-8'],
      ['X-Content-Type-Options', 'nosniff'],
      ['Cache-Control', 'no-store'],
    ],
    body: JSON.stringify(error.body),
  };
}
