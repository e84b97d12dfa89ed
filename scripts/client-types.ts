import type { RouteSpec } from '../adapters/http/route-spec.ts';
import type { JsonSchema } from '../adapters/http/validation.ts';

/**
 * The typed client's route types, written from the route table: each route's path parameters,
 * query, body and success answer as TypeScript, and where it goes. The table is the only source;
 * the client's code reads these types, so a schema it does not follow fails the typecheck.
 */

/** The routes a game server or an external system calls: every credential route, both exchanges, the release check. */
export function clientRoutes(routes: readonly RouteSpec[]): RouteSpec[] {
  const publicOnes = new Set(['exchangeGameToken', 'exchangeApiToken', 'bridgeLatestRelease']);
  return routes.filter((spec) => spec.guard.kind === 'credential' || publicOnes.has(spec.operationId));
}

const indent = (depth: number) => '  '.repeat(depth);
const key = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name));

/** A JSON Schema as the TypeScript type of the values it accepts (the vocabulary the route table uses). */
export function typeOf(schema: JsonSchema | undefined, depth = 0): string {
  if (schema === undefined) return 'unknown';
  if ('const' in schema) return JSON.stringify(schema['const']);
  if (Array.isArray(schema['enum'])) return (schema['enum'] as unknown[]).map((value) => JSON.stringify(value)).join(' | ');
  for (const union of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[union]) && schema['properties'] === undefined)
      return (schema[union] as JsonSchema[]).map((member) => `(${typeOf(member, depth)})`).join(' | ');
  }
  const type = schema['type'];
  if (Array.isArray(type)) return type.map((one) => typeOf({ ...schema, type: one }, depth)).join(' | ');
  switch (type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `readonly (${typeOf(schema['items'] as JsonSchema | undefined, depth)})[]`;
    case 'object':
      return objectType(schema, depth);
    default:
      return schema['properties'] === undefined ? 'unknown' : objectType(schema, depth);
  }
}

function objectType(schema: JsonSchema, depth: number): string {
  const properties = schema['properties'] as Record<string, JsonSchema> | undefined;
  if (properties === undefined) return 'Readonly<Record<string, unknown>>';
  const required = new Set((schema['required'] as string[] | undefined) ?? []);
  const lines = Object.entries(properties).map(
    ([name, property]) => `${indent(depth + 1)}readonly ${key(name)}${required.has(name) ? '' : '?'}: ${typeOf(property, depth + 1)};`,
  );
  return lines.length === 0 ? '{}' : `{\n${lines.join('\n')}\n${indent(depth)}}`;
}

/** The success answer: the lowest 2xx status that the row documents with a schema. */
function answerSchema(spec: RouteSpec): JsonSchema | undefined {
  const success = Object.entries(spec.responses)
    .filter(([status]) => Number(status) >= 200 && Number(status) < 300)
    .sort(([a], [b]) => Number(a) - Number(b));
  return success[0]?.[1].schema;
}

/** The field whose `true` marks a success and `false` a refusal (section 4.1), when the answer has one. */
function flagOf(schema: JsonSchema | undefined): string | undefined {
  const members = (schema?.['oneOf'] as JsonSchema[] | undefined) ?? (schema ? [schema] : []);
  for (const member of members) {
    const properties = (member['properties'] ?? {}) as Record<string, JsonSchema>;
    const flag = Object.entries(properties).find(([, property]) => property['const'] === true);
    if (flag) return flag[0];
  }
  return undefined;
}

/** How the client authenticates a route: with no token, or with a token of a credential kind. */
function authOf(spec: RouteSpec): 'none' | 'game' | 'generic_api_key' {
  return spec.guard.kind === 'credential' ? spec.guard.credential : 'none';
}

/** The generated module's source text. */
export function clientTypesSource(routes: readonly RouteSpec[], errorSchema: JsonSchema, asyncApi: Record<string, unknown>): string {
  const rows = clientRoutes(routes);
  const types = rows.map((spec) => {
    const part = (name: string, schema: JsonSchema | undefined) =>
      `${indent(2)}readonly ${name}: ${schema === undefined ? 'undefined' : typeOf(schema, 2)};`;
    return [
      `${indent(1)}readonly ${spec.operationId}: {`,
      part('params', spec.params),
      part('query', spec.query),
      part('body', spec.body),
      `${indent(2)}readonly answer: ${typeOf(answerSchema(spec), 2)};`,
      `${indent(1)}};`,
    ].join('\n');
  });
  const table = rows.map((spec) => {
    const fields = {
      method: spec.method,
      path: spec.path,
      auth: authOf(spec),
      bucket: spec.rateLimit?.bucket ?? null,
      ...(flagOf(answerSchema(spec)) ? { flag: flagOf(answerSchema(spec)) } : {}),
      // What a method of the client takes: the body alone, or its parts (`params`, `query`, `body`).
      takes: spec.params === undefined && spec.query === undefined ? 'body' : 'parts',
      ...(spec.guard.kind === 'credential' && spec.guard.scope ? { scope: spec.guard.scope } : {}),
    };
    return `  ${spec.operationId}: ${JSON.stringify(fields).replace(/"([a-zA-Z]+)":/g, '$1: ')},`;
  });
  return [
    '// Generated from the service’s route table by `npm run generate:client-types`. Do not edit:',
    '// change the route’s schemas and generate again (CI fails when this file is stale).',
    '',
    '/** Each route the client calls: its path parameters, query, body and success answer. */',
    'export interface RouteTypes {',
    ...types,
    '}',
    '',
    '/** Where each route goes, how it authenticates, and the rate-limit bucket it spends. */',
    'export const ROUTE_TABLE = {',
    ...table,
    '} as const;',
    '',
    'export type OperationId = keyof RouteTypes;',
    '',
    '/** What the realtime channel sends as its one event, `waypoint` (from the AsyncAPI document). */',
    `export type WaypointEvent = ${waypointPayloads(asyncApi)
      .map((payload) => `(${typeOf(payload, 0)})`)
      .join(' | ')};`,
    '',
    '/** Every non-2xx answer of the service has this shape. */',
    `export type ErrorBody = ${typeOf(errorSchema, 0)};`,
    '',
  ].join('\n');
}

/**
 * The payload of each `waypoint` message of the game bridge's channel (`channels.game`) in the
 * AsyncAPI document; the channel's other events (`waypoint.resumed`, `waypoint.resync`) are not
 * waypoint changes.
 */
function waypointPayloads(document: unknown): JsonSchema[] {
  const doc = document as {
    channels: { game: { messages: Record<string, { $ref: string }> } };
    components: { messages: Record<string, { name: string; payload: JsonSchema }> };
  };
  return Object.values(doc.channels.game.messages).flatMap(({ $ref }) => {
    const message = doc.components.messages[$ref.replace('#/components/messages/', '')];
    if (message === undefined) throw new Error(`the AsyncAPI document has no message ${$ref}`);
    return message.name === 'waypoint' ? [message.payload] : [];
  });
}
