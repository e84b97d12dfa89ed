import { ERROR_CATALOGUE } from './error-catalogue.ts';
import { type RouteSpec, publishedBody } from './route-spec.ts';
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
        properties: { in: { enum: ['body', 'query', 'path'] }, field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** OpenAPI 3.1 for every route of the table; the table is the only source. */
export function openApiDocument(routes: readonly RouteSpec[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of routes) {
    const path = spec.path.replace(/:([A-Za-z]+)/g, '{$1}');
    paths[path] = { ...paths[path], [spec.method.toLowerCase()]: operation(spec) };
  }
  paths['/healthz'] = {
    get: { operationId: 'health', summary: 'The process is up.', tags: ['system'], responses: { 200: { description: 'Up.' } } },
  };
  paths['/readyz'] = {
    get: {
      operationId: 'readiness',
      summary: 'The database answers.',
      tags: ['system'],
      responses: { 200: { description: 'Ready.' }, 503: errorResponse('The database does not answer.') },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'CAD integration service',
      version: '1.0.0',
      description: `Game bridge, API credentials, token exchange and the operator surface. Every error is one shape; its codes: ${Object.keys(ERROR_CATALOGUE).join(', ')}.`,
    },
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: {
        accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'From a token exchange; 720 s.' },
        operatorKey: { type: 'http', scheme: 'bearer', description: 'An operator key.' },
      },
    },
  };
}

function operation(spec: RouteSpec): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, doc] of Object.entries(spec.responses)) {
    responses[status] = doc.schema
      ? { description: doc.description, content: { 'application/json': { schema: doc.schema } } }
      : { description: doc.description };
  }
  if (spec.body || spec.query || spec.params) responses['400'] ??= errorResponse('Malformed input; `details` lists each bad field.');
  if (spec.guard.kind !== 'public') responses['401'] ??= errorResponse('Missing, malformed, expired or unknown credentials.');
  if (spec.guard.kind === 'credential') responses['403'] ??= errorResponse('Wrong credential kind, or the route scope is missing.');
  if (spec.guard.kind === 'operator') responses['403'] ??= errorResponse('The operator key lacks the permission.');
  if (spec.guard.kind === 'operator' && spec.params)
    responses['404'] ??= errorResponse('No such thing in any organisation the key reaches.');
  if (spec.rateLimit) responses['429'] ??= errorResponse(`Over ${spec.rateLimit.perMinute} requests a minute per ${spec.rateLimit.per}.`);
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    tags: [spec.tag],
    ...(spec.guard.kind === 'credential' ? { security: [{ accessToken: [] }], 'x-credential-kind': spec.guard.credential } : {}),
    ...(spec.guard.kind === 'credential' && spec.guard.scope ? { 'x-required-scope': spec.guard.scope } : {}),
    ...(spec.guard.kind === 'operator' ? { security: [{ operatorKey: [] }], 'x-operator-permission': spec.guard.permission } : {}),
    ...(spec.guard.kind === 'public' ? { security: [] } : {}),
    parameters: [...parameters(spec.params, 'path'), ...parameters(spec.query, 'query')],
    ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: publishedBody(spec) } } } } : {}),
    responses,
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
