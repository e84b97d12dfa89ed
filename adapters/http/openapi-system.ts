import type { JsonSchema } from './validation.ts';

/** Where the service describes itself; the docs page links them. */
export const DOCUMENT_PATHS = {
  openApi: '/api/v1/openapi.json',
  asyncApi: '/api/v1/asyncapi.json',
  docsPage: '/api/v1/docs',
} as const;

/** The files of the reference page, below the page's path. */
export const DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'docs-init.js', 'docs.css'] as const;

const requestId = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };

const answer = (description: string, schema: JsonSchema, example: unknown, mediaType = 'application/json') => ({
  description,
  headers: requestId,
  content: { [mediaType]: { schema, example } },
});

const system = (operationId: string, summary: string, responses: Record<string, unknown>, parameters?: unknown[]) => ({
  get: { operationId, summary, tags: ['system'], security: [], ...(parameters && { parameters }), responses },
});

const anyDocument: JsonSchema = { type: 'object', description: 'A JSON document.' };
const text: JsonSchema = { type: 'string' };

/** The routes that are not in the table: health, readiness, and the documents that describe the service. */
export function systemPaths(errorResponse: (status: number, description: string) => unknown): Record<string, unknown> {
  return {
    '/healthz': system('health', 'The process is up.', {
      200: answer('Up.', { type: 'object', required: ['status'], properties: { status: { const: 'ok' } } }, { status: 'ok' }),
    }),
    '/readyz': system('readiness', 'The database answers; `degraded` names the backing services the instance runs without.', {
      200: answer(
        'Ready.',
        {
          type: 'object',
          required: ['status'],
          properties: { status: { const: 'ready' }, degraded: { type: 'array', items: { type: 'string' } } },
        },
        { status: 'ready' },
      ),
      503: errorResponse(503, 'The database does not answer.'),
    }),
    [DOCUMENT_PATHS.openApi]: system('openApiDocument', 'This document (OpenAPI 3.1).', {
      200: answer('The OpenAPI document.', anyDocument, { openapi: '3.1.0' }),
    }),
    [DOCUMENT_PATHS.asyncApi]: system('asyncApiDocument', 'The realtime channel, described in AsyncAPI 3.', {
      200: answer('The AsyncAPI document.', anyDocument, { asyncapi: '3.1.0' }),
    }),
    [DOCUMENT_PATHS.docsPage]: system('docsPage', 'The API reference page, rendered in the browser from this document.', {
      200: answer('The page.', text, '<!doctype html>', 'text/html'),
    }),
    [`${DOCUMENT_PATHS.docsPage}/{asset}`]: system(
      'docsAsset',
      'A script or style sheet of the reference page, served from the service itself.',
      {
        200: answer('The file.', text, '/* ... */', 'text/javascript'),
        404: errorResponse(404, 'No such file.'),
      },
      [{ name: 'asset', in: 'path', required: true, schema: { type: 'string', enum: [...DOCS_ASSETS] } }],
    ),
  };
}

/** The headers the service sends: an id on every answer, and a rate-limited route's budget. */
export const HEADERS = {
  'X-Request-Id': {
    description: 'Identifies the request in the service’s log; sent on every answer, echoed when the caller sent a valid one.',
    schema: { type: 'string' },
  },
  'RateLimit-Limit': { description: 'Requests allowed in the window.', schema: { type: 'integer', minimum: 1 } },
  'RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until the window starts again.', schema: { type: 'integer', minimum: 0 } },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } },
  'Idempotent-Replayed': {
    description:
      '`true` when the answer is the one kept from an earlier request with the same `Idempotency-Key`: nothing ran again. Absent otherwise.',
    schema: { type: 'string', const: 'true' },
  },
} as const;

/**
 * The `Idempotency-Key` request header of every write (decision 0085), as the IETF httpapi draft
 * defines it, with the bare form most clients send also accepted.
 */
export const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry of this write safe. The first request with a key runs and its answer (status and body, refusals included; a 5xx or a 429 is not kept) is kept with the key for 24 hours, per credential or operator key. The same key with the same request gets that answer again, marked `Idempotent-Replayed: true`, and writes nothing (a refusal the route answered is replayed the same way); with another request it is a 422 `IDEMPOTENCY_KEY_REUSED`; while the first still runs, a 409 `IDEMPOTENCY_KEY_IN_USE` with `Retry-After`. 1 to 255 characters, in the draft\'s quoted form (`"abc"`) or bare (`abc`, visible ASCII); use a fresh random value (a UUID) per operation.',
  schema: { type: 'string', minLength: 1 },
  example: '"8e03978e-40d5-43e8-bc93-6894a57f9324"',
} as const;
