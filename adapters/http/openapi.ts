import { ERROR_CATALOGUE } from './error-catalogue.ts';
import { exampleOf } from './openapi-examples.ts';
import { DOCUMENT_PATHS, HEADERS, IDEMPOTENCY_KEY_PARAMETER, systemPaths } from './openapi-system.ts';
import { type RouteSpec, publishedBody, takesIdempotencyKey } from './route-spec.ts';
import { SERVICE_VERSION } from './service-version.ts';
import type { JsonSchema } from './validation.ts';

const errorSchema = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string', enum: Object.keys(ERROR_CATALOGUE) },
    message: { type: 'string' },
    details: {
      type: 'array',
      items: {
        type: 'object',
        required: ['in', 'field', 'message'],
        properties: { in: { enum: ['body', 'query', 'path', 'header'] }, field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

const ref = (kind: 'headers' | 'schemas', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const requestIdHeader = { 'X-Request-Id': ref('headers', 'X-Request-Id') };
const budgetHeaders = {
  'RateLimit-Limit': ref('headers', 'RateLimit-Limit'),
  'RateLimit-Remaining': ref('headers', 'RateLimit-Remaining'),
  'RateLimit-Reset': ref('headers', 'RateLimit-Reset'),
};

type ErrorCode = keyof typeof ERROR_CATALOGUE;

/**
 * The error body a status answers with, as its example: the code the description names when it
 * names one of that status (a 409's `PLATE_MISMATCH`), else the status's general code.
 */
function errorExample(status: number, description: string): Record<string, unknown> {
  const codes = (Object.keys(ERROR_CATALOGUE) as ErrorCode[]).filter((code) => ERROR_CATALOGUE[code].status === status);
  const code = codes.find((c) => description.includes(c)) ?? codes[0] ?? 'INTERNAL';
  const body = { error: code, message: ERROR_CATALOGUE[code].message };
  return code === 'VALIDATION_FAILED'
    ? { ...body, details: [{ in: 'body', field: 'name', message: 'must NOT have fewer than 1 characters' }] }
    : body;
}

const errorResponse = (status: number, description: string, headers: Record<string, unknown> = requestIdHeader) => ({
  description,
  headers,
  content: { 'application/json': { schema: ref('schemas', 'Error'), example: errorExample(status, description) } },
});

/** OpenAPI 3.1 for every route of the table, plus the system routes; the table is the only source. */
export function openApiDocument(routes: readonly RouteSpec[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of routes) {
    const path = spec.path.replace(/:([A-Za-z]+)/g, '{$1}');
    paths[path] = { ...paths[path], [spec.method.toLowerCase()]: operation(spec) };
  }
  Object.assign(
    paths,
    systemPaths((status, description) => errorResponse(status, description)),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'CAD integration service',
      version: SERVICE_VERSION,
      description: `Game bridge, API credentials, token exchange and the operator surface. Every error is one shape; its codes: ${Object.keys(ERROR_CATALOGUE).join(', ')}. The realtime channel is described in AsyncAPI at ${DOCUMENT_PATHS.asyncApi}.`,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The service that serves this document.' }],
    tags: [...new Set([...routes.map((spec) => spec.tag), 'system'])].map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        Error: errorSchema,
      },
      headers: HEADERS,
      parameters: { 'Idempotency-Key': IDEMPOTENCY_KEY_PARAMETER },
      securitySchemes: {
        accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'From a token exchange; 720 s.' },
        operatorKey: { type: 'http', scheme: 'bearer', description: 'An operator key.' },
        mdtSession: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'From the MDT hand-off exchange; eight hours.' },
      },
    },
  };
}

function operation(spec: RouteSpec): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const limited = spec.rateLimit !== undefined;
  const keyed = takesIdempotencyKey(spec);
  const replayed = keyed ? { 'Idempotent-Replayed': ref('headers', 'Idempotent-Replayed') } : {};
  const successHeaders = { ...requestIdHeader, ...(limited ? budgetHeaders : {}), ...replayed };
  for (const [status, doc] of Object.entries(spec.responses)) {
    const headers = Number(status) < 300 ? successHeaders : requestIdHeader;
    responses[status] = doc.schema
      ? { description: doc.description, headers, content: { 'application/json': { schema: doc.schema, example: exampleOf(doc.schema) } } }
      : Number(status) >= 400
        ? errorResponse(Number(status), doc.description, headers)
        : { description: doc.description, headers };
  }
  if (spec.body || spec.query || spec.params) responses['400'] ??= errorResponse(400, 'Malformed input; `details` lists each bad field.');
  if (spec.guard.kind !== 'public') responses['401'] ??= errorResponse(401, 'Missing, malformed, expired or unknown credentials.');
  if (spec.guard.kind === 'credential') responses['403'] ??= errorResponse(403, 'Wrong credential kind, or the route scope is missing.');
  if (spec.guard.kind === 'operator') responses['403'] ??= errorResponse(403, 'The operator key lacks the permission.');
  if (spec.guard.kind === 'mdt' && spec.guard.tier === 'full')
    responses['403'] ??= errorResponse(
      403,
      'The session is read-only: `basic` at hand-off, or the officer is no longer on duty; `message` says which.',
    );
  if (spec.guard.kind === 'operator' && spec.params)
    responses['404'] ??= errorResponse(404, 'No such thing in any organisation the key reaches.');
  if (keyed) idempotencyResponses(responses);
  if (spec.rateLimit) {
    const over = `Over ${spec.rateLimit.perMinute} requests a minute per ${spec.rateLimit.per} (bucket \`${spec.rateLimit.bucket}\`).`;
    const tooMany = (responses['429'] as { description?: string } | undefined)?.description ?? over;
    responses['429'] = errorResponse(429, tooMany, { ...requestIdHeader, ...budgetHeaders, 'Retry-After': ref('headers', 'Retry-After') });
  }
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    tags: [spec.tag],
    ...security(spec),
    parameters: [
      ...parameters(spec.params, 'path'),
      ...parameters(spec.query, 'query'),
      ...(keyed ? [{ $ref: '#/components/parameters/Idempotency-Key' }] : []),
    ],
    ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: publishedBody(spec) } } } } : {}),
    responses,
  };
}

/**
 * The answers an `Idempotency-Key` adds (decision 0085), beside the route's own 409 and 422 when it
 * has them.
 */
function idempotencyResponses(responses: Record<string, unknown>): void {
  const inUse = '`IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still being processed; retry after `Retry-After`.';
  const reused = '`IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with a different request.';
  const extend = (status: number, text: string, headers: Record<string, unknown>) => {
    const own = responses[String(status)] as { description?: string } | undefined;
    const description = own?.description === undefined ? text : `${own.description} Or ${text}`;
    responses[String(status)] = own === undefined ? errorResponse(status, description, headers) : { ...own, description };
  };
  extend(409, inUse, { ...requestIdHeader, 'Retry-After': ref('headers', 'Retry-After') });
  extend(422, reused, requestIdHeader);
}

function security(spec: RouteSpec): Record<string, unknown> {
  const { guard } = spec;
  if (guard.kind === 'public') return { security: [] };
  if (guard.kind === 'operator') return { security: [{ operatorKey: [] }], 'x-operator-permission': guard.permission };
  if (guard.kind === 'mdt') return { security: [{ mdtSession: [] }], 'x-mdt-tier': guard.tier };
  return {
    security: [{ accessToken: [] }],
    'x-credential-kind': guard.credential,
    ...(guard.scope ? { 'x-required-scope': guard.scope } : {}),
  };
}

function parameters(schema: JsonSchema | undefined, location: 'path' | 'query') {
  const properties = (schema?.['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = (schema?.['required'] ?? []) as string[];
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.includes(name),
    schema: property,
  }));
}
