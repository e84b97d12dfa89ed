import type { RouteSpec } from '../../adapters/http/route-spec.ts';
import type { FuzzReply, FuzzRequest } from './fuzz-request.ts';
import type { JsonSchema } from './schema-arbitrary.ts';
import { schemaProblem } from './schema-check.ts';

/** The routes that start a sign-in at a provider, and so may send the browser to another site. */
const SENDS_TO_PROVIDER = new Set(['startExternalSignIn', 'connectExternalIdentity']);

/** What only an internal failure would put in an answer: stack frames, source paths, SQL, driver errors. */
const LEAKS: readonly RegExp[] = [
  /\bat (?:async )?[\w$.<>[\]]+ \(/,
  /\bat [^\s()]*[/\\][^\s()]*\.[cm]?[jt]sx?\b/,
  /\.[cm]?tsx?:\d+/,
  /\.ts:/,
  /\.[cm]?js:\d+:\d+/,
  /node_modules/,
  /file:\/\//,
  /(?:^|[\s"'(])\/(?:work|home|usr|tmp|root|var|opt|app)\/\S+/,
  /[A-Za-z]:\\\w/,
  /\bSELECT\b/,
  /\bINSERT\b/,
  /\bUPDATE\s+\S+\s+SET\b/,
  /\bDELETE\s+FROM\b/,
  /relation "/,
  /column "/,
  /syntax error at or near/,
  /duplicate key value/,
  /violates \w+(?:[ -]\w+)* constraint/,
  /\b\w*Error:/,
  /\bE(?:CONNREFUSED|CONNRESET|NOENT|ADDRINUSE|PIPE)\b/,
  /MikroORM|PGlite|DriverException/,
];

const UPPER_SNAKE = '^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$';

/** The documented error schema, read strictly: nothing but `error`, `message` and `details`, the code upper-snake. */
export function strictErrorSchema(documented: JsonSchema): JsonSchema {
  const properties = documented['properties'] as Record<string, JsonSchema>;
  return {
    ...documented,
    additionalProperties: false,
    properties: { ...properties, error: { ...properties['error'], pattern: UPPER_SNAKE } },
  };
}

/** Every string of a JSON value, keys included; without recursion, since the fuzzer nests deeper than any stack. */
function stringsOf(root: unknown): string[] {
  const found: string[] = [];
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') found.push(value);
    else if (Array.isArray(value)) pending.push(...value);
    else if (value !== null && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) (found.push(key), pending.push(item));
  }
  return found;
}

function parsed(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function decoded(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

/** What the request itself said; an answer that repeats it (a name, a description) leaks nothing. */
function sentTexts(request: FuzzRequest): string[] {
  const body =
    typeof request.body === 'string' ? request.body : request.body === undefined ? '' : Buffer.from(request.body).toString('utf8');
  const json = parsed(body);
  return [request.target, decoded(request.target), body, ...(json.ok ? stringsOf(json.value) : [])];
}

function leaksIn(reply: FuzzReply, request: FuzzRequest): string[] {
  const json = parsed(reply.text);
  const texts = json.ok ? stringsOf(json.value) : [reply.text];
  const sent = sentTexts(request);
  const found: string[] = [];
  for (const text of texts) {
    for (const pattern of LEAKS) {
      const match = pattern.exec(text);
      if (match !== null && !sent.some((s) => s.includes(match[0]))) found.push(`${pattern} in ${JSON.stringify(text.slice(0, 300))}`);
    }
  }
  return found;
}

/**
 * The invariants every answer keeps, whatever was sent: no 5xx; no internal detail; an error in
 * exactly the documented shape; a success in the route's documented response schema. Returns
 * what is wrong, empty when nothing is. (That a 4xx writes nothing is checked by the caller, who
 * holds the store.)
 */
export function replyProblems(spec: RouteSpec, request: FuzzRequest, reply: FuzzReply, errorSchema: JsonSchema): string[] {
  const problems: string[] = [];
  if (reply.status >= 500) problems.push(`server error ${reply.status}`);
  problems.push(...leaksIn(reply, request).map((leak) => `internal detail in the answer: ${leak}`));
  const json = parsed(reply.text);
  if (reply.status >= 300 && reply.status < 400) {
    // A redirect only where the route documents one, to this service's own pages (a path, never
    // `//host`) or, for a route that starts a sign-in, to a provider's https (or loopback) address.
    if (spec.responses[reply.status] === undefined) problems.push(`redirect ${reply.status} is not among the documented answers`);
    const own = /^\/(?!\/)/.test(reply.location);
    const provider = /^(https:\/\/|http:\/\/(127\.0\.0\.1|localhost)[:/])/.test(reply.location) && SENDS_TO_PROVIDER.has(spec.operationId);
    if (!own && !provider) problems.push(`redirect to ${JSON.stringify(reply.location)}`);
  } else if (reply.status < 200 || reply.status >= 300) {
    if (!reply.contentType.startsWith('application/json'))
      problems.push(`error answer is ${reply.contentType || 'without a content type'}`);
    if (!json.ok) problems.push('error body is not JSON');
    else {
      const shape = schemaProblem(errorSchema, json.value);
      if (shape !== null) problems.push(`error body is not { error, message, details? }: ${shape}`);
    }
  } else {
    const documented = spec.responses[reply.status];
    if (documented === undefined)
      problems.push(`success ${reply.status} is not among the documented answers ${Object.keys(spec.responses)}`);
    else if (documented.schema === undefined) problems.push(`success ${reply.status} has no documented schema`);
    else {
      const shape = json.ok ? schemaProblem(documented.schema, json.value) : 'not JSON';
      if (shape !== null) problems.push(`success body does not match the documented schema: ${shape}`);
    }
  }
  return problems;
}

/**
 * The answers that stand for a rule between fields which the published body schema states
 * (`bodyRules`, decision 0035), by operation: a body valid under the published schema never gets
 * one. Other 400s of a valid body are facts the schema cannot know (an id of another organisation,
 * a date that does not exist, an expiry already past).
 */
export const RULE_REFUSALS: Readonly<Record<string, readonly RegExp[]>> = {
  createCredential: [
    /^is required for a game credential$/,
    /^must be absent for an API credential$/,
    /^holds .*, which a \S+ credential cannot have/,
    /^holds a scope that this kind of credential cannot have$/,
    /^must hold at least one scope/,
  ],
  createBolo: [/^name a subject/],
  bridgeIssueBolo: [/^needs civilian or plate$/],
};

/** A refusal of a valid request by a rule its published schema states, or null. */
export function ruleRefusal(spec: RouteSpec, reply: FuzzReply): string | null {
  const rules = RULE_REFUSALS[spec.operationId];
  if (rules === undefined || reply.status !== 400) return null;
  const json = parsed(reply.text);
  const details = json.ok ? ((json.value as { details?: { field: string; message: string }[] }).details ?? []) : [];
  const broken = details.find((detail) => rules.some((rule) => rule.test(detail.message)));
  return broken === undefined ? null : `a body valid under the published schema was refused: ${broken.field} ${broken.message}`;
}
