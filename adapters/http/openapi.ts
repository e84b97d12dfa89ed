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
 * The codes an error answer of a status may carry: those of that status its description names
 * (a 409's `PLATE_MISMATCH` beside `IDEMPOTENCY_KEY_IN_USE`), else every code of the status.
 */
function errorCodes(status: number, description: string): readonly ErrorCode[] {
  const codes = (Object.keys(ERROR_CATALOGUE) as ErrorCode[]).filter((code) => ERROR_CATALOGUE[code].status === status);
  const named = codes.filter((code) => new RegExp(`\\b${code}\\b`).test(description));
  return named.length > 0 ? named : codes.length > 0 ? codes : ['INTERNAL'];
}

/** The error body a status answers with, as its example: the first code the answer may carry. */
function errorExample(code: ErrorCode): Record<string, unknown> {
  const body = { error: code, message: ERROR_CATALOGUE[code].message };
  return code === 'VALIDATION_FAILED'
    ? { ...body, details: [{ in: 'body', field: 'name', message: 'must NOT have fewer than 1 characters' }] }
    : body;
}

/** An error answer: the one shape, with the codes this answer may carry, so a check of the body checks its code too. */
const errorResponse = (
  status: number,
  description: string,
  headers: Record<string, unknown> = requestIdHeader,
  codes: readonly ErrorCode[] = errorCodes(status, description),
) => {
  return {
    description,
    headers,
    content: {
      'application/json': {
        schema: { allOf: [ref('schemas', 'Error'), { properties: { error: { enum: [...codes] } } }] },
        example: errorExample(codes[0]!),
      },
    },
  };
};

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
        personSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'cad_session',
          description: 'A signed-in person’s browser session (`__Host-cad_session` behind TLS), from `/auth/sign-in` or `/auth/sign-up`.',
        },
      },
    },
  };
}

/** What a stage of the pipeline adds to an operation's answers: a status, why, and the headers it carries. */
interface StageAnswer {
  readonly status: number;
  readonly description: string;
  readonly headers?: Record<string, unknown>;
}

/**
 * The answers a row can give because of the stages it passes through (decision 0093), whatever its
 * use case does: the guard, the budget, the input checks, the body reader, the idempotency key,
 * and the store every route reads. The use case's own refusals are the row's, documented where
 * the row answers them; a row's entry for a status wins over a stage's.
 */
export function stageAnswers(spec: RouteSpec): readonly StageAnswer[] {
  const { guard } = spec;
  const keyed = takesIdempotencyKey(spec);
  const answers: StageAnswer[] = [];
  if (spec.body || spec.query || spec.params || keyed) {
    const header = keyed ? ' A malformed or repeated `Idempotency-Key` header is one too (`in: header`).' : '';
    answers.push({ status: 400, description: `Malformed input; \`details\` lists each bad field.${header}` });
  }
  if (guard.kind !== 'public') answers.push({ status: 401, description: UNAUTHENTICATED[guard.kind] });
  if (guard.kind === 'credential') answers.push({ status: 403, description: 'Wrong credential kind, or the route scope is missing.' });
  const crossSite = (guard.kind === 'operator' || guard.kind === 'person') && spec.method !== 'GET';
  const crossSiteNote = 'A write made with a session cookie without this service’s `Origin` (a cross-site form or fetch).';
  if (guard.kind === 'operator' && guard.permission !== 'any')
    answers.push({
      status: 403,
      description: `The operator key, or the person's role, lacks the permission.${crossSite ? ` Or: ${crossSiteNote}` : ''}`,
    });
  else if (crossSite) answers.push({ status: 403, description: crossSiteNote });
  if (guard.kind === 'mdt' && guard.tier === 'full')
    answers.push({
      status: 403,
      description: 'The session is read-only: `basic` at hand-off, or the officer is no longer on duty; `message` says which.',
    });
  // Any write may also meet a record written at the same moment: the unique constraint's answer (the error stage).
  if (keyed) {
    answers.push({
      status: 409,
      description: `${IDEMPOTENCY_IN_USE} Or ${RACED}`,
      headers: { ...requestIdHeader, 'Retry-After': ref('headers', 'Retry-After') },
    });
  } else if (spec.method !== 'GET') answers.push({ status: 409, description: RACED });
  if (spec.body) {
    answers.push({
      status: 413,
      description: '`PAYLOAD_TOO_LARGE`: the body is over the service’s body limit (512 kB unless configured).',
    });
    answers.push({
      status: 415,
      description:
        '`UNSUPPORTED_MEDIA_TYPE`: the body is not `application/json` in UTF-8, or has a content encoding other than gzip or deflate.',
    });
  }
  if (keyed) answers.push({ status: 422, description: IDEMPOTENCY_REUSED });
  if (spec.rateLimit) {
    const { perMinute, per, bucket } = spec.rateLimit;
    answers.push({
      status: 429,
      description: `Over ${perMinute} requests a minute per ${per} (bucket \`${bucket}\`).`,
      headers: { ...requestIdHeader, ...budgetHeaders, 'Retry-After': ref('headers', 'Retry-After') },
    });
  }
  answers.push({ status: 500, description: '`INTERNAL`: a fault of the service; the log has it under the request id.' });
  answers.push({ status: 503, description: '`SERVICE_UNAVAILABLE`: the database does not answer; retry shortly.' });
  return answers;
}

const UNAUTHENTICATED: Readonly<Record<Exclude<RouteSpec['guard']['kind'], 'public'>, string>> = {
  credential: 'Missing, malformed, expired or unknown credentials.',
  operator: 'Missing or unknown operator key, and no live session cookie of an active person.',
  person: 'No live session cookie of an active person (signed out, idle too long, too old, or the account disabled).',
  mdt: 'Missing, expired or unknown MDT session, or the officer’s link is gone.',
};

const IDEMPOTENCY_IN_USE =
  '`IDEMPOTENCY_KEY_IN_USE`: a request with this Idempotency-Key is still being processed; retry after `Retry-After`.';
const RACED = '`CONFLICT`: the write met a record written at the same moment; send it again.';
const IDEMPOTENCY_REUSED = '`IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was used with a different request.';

/** The stages whose answer joins a row's own of the same status instead of giving way to it. */
const JOINED = new Set([400, 409, 422]);

function operation(spec: RouteSpec): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const limited = spec.rateLimit !== undefined;
  const keyed = takesIdempotencyKey(spec);
  const replayed = keyed ? { 'Idempotent-Replayed': ref('headers', 'Idempotent-Replayed') } : {};
  const successHeaders = { ...requestIdHeader, ...(limited ? budgetHeaders : {}), ...replayed };
  const stages = new Map(stageAnswers(spec).map((answer) => [answer.status, answer]));
  for (const [status, doc] of Object.entries(spec.responses)) {
    const stage = stages.get(Number(status));
    // A redirect (a page's GET that sends the browser on) is that route's success: it says where.
    const headers =
      Number(status) < 300
        ? successHeaders
        : Number(status) < 400
          ? { ...successHeaders, Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } }
          : (stage?.headers ?? requestIdHeader);
    // A status both the row and a stage answer: the row's words, and where the stage's answer is
    // another code of that status (the key in use beside a plate mismatch), the stage's as well.
    const joined = stage !== undefined && JOINED.has(stage.status);
    const description = !joined
      ? doc.description
      : stage.status === 400
        ? `${stage.description} The use case refuses too: ${doc.description}`
        : `${doc.description} Or ${stage.description}`;
    // The codes of each part, read from its own words: the row's 409 that names none may be any conflict.
    const codes = joined
      ? [...new Set([...errorCodes(Number(status), doc.description), ...errorCodes(stage.status, stage.description)])]
      : undefined;
    responses[status] = doc.schema
      ? { description, headers, content: { 'application/json': { schema: doc.schema, example: exampleOf(doc.schema) } } }
      : Number(status) >= 400
        ? errorResponse(Number(status), description, headers, codes)
        : { description, headers };
  }
  for (const stage of stages.values()) responses[String(stage.status)] ??= errorResponse(stage.status, stage.description, stage.headers);
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
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
  };
}

function security(spec: RouteSpec): Record<string, unknown> {
  const { guard } = spec;
  if (guard.kind === 'public') return { security: [] };
  if (guard.kind === 'operator')
    return { security: [{ operatorKey: [] }, { personSession: [] }], 'x-operator-permission': guard.permission };
  if (guard.kind === 'mdt') return { security: [{ mdtSession: [] }], 'x-mdt-tier': guard.tier };
  if (guard.kind === 'person') return { security: [{ personSession: [] }] };
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
