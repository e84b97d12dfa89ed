import { type OperationId, ROUTE_TABLE, type RouteTypes } from './generated/routes.ts';

/** The path parameters, query and body a route takes, each present only where the route has it. */
export type Input<K extends OperationId> = (RouteTypes[K]['params'] extends undefined ? {} : { readonly params: RouteTypes[K]['params'] }) &
  (RouteTypes[K]['query'] extends undefined ? {} : { readonly query: RouteTypes[K]['query'] }) &
  (RouteTypes[K]['body'] extends undefined ? {} : { readonly body: RouteTypes[K]['body'] });

/** A route's success answer, exactly as the service sends it. */
export type Answer<K extends OperationId> = RouteTypes[K]['answer'];

type Row<K extends OperationId> = (typeof ROUTE_TABLE)[K];

/** The flag of a bridge answer (`linked`, `synced`, `found`...). */
export type FlagOf<K extends OperationId> = Row<K> extends { readonly flag: infer F extends string } ? F : never;

/**
 * A bridge answer as a value: `{ ok: true, ...fields }` or `{ ok: false, reason, ...fields }`,
 * the route's own flag replaced by `ok`. A refusal is never an exception.
 */
export type Outcome<A, F extends string> = A extends { readonly [P in F]: true }
  ? { readonly ok: true } & Omit<A, F>
  : A extends { readonly [P in F]: false }
    ? { readonly ok: false } & Omit<A, F>
    : never;

/** What a client method takes: the body alone where the route has nothing else, else its parts. */
export type ArgsOf<K extends OperationId> = Row<K>['takes'] extends 'body' ? RouteTypes[K]['body'] : Input<K>;

export type BridgeOperation = Extract<OperationId, `bridge${string}`>;
export type ApiOperation = { [K in OperationId]: Row<K>['auth'] extends 'generic_api_key' ? K : never }[OperationId];

/** `bridgeSyncDuty` → `syncDuty`. */
export type BridgeMethodName<K extends BridgeOperation> = K extends `bridge${infer Rest}` ? Uncapitalize<Rest> : never;

/** One method per bridge route, named after it, answering with an outcome. */
export type BridgeMethods = {
  readonly [K in BridgeOperation as BridgeMethodName<K>]: (args: ArgsOf<K>) => Promise<Outcome<Answer<K>, FlagOf<K>>>;
};

/** One method per API-credential route, named after its operation, answering with the route's answer. */
export type ApiMethods = {
  readonly [K in ApiOperation]: (args: ArgsOf<K>) => Promise<Answer<K>>;
};

/**
 * Routes whose repetition changes nothing a second time: reads, a position report, a presence
 * renewal and the token exchanges. They are retried after a 503 or a network failure; other
 * writes are retried only with an idempotency key the service honours (`retryWrites`).
 */
export const REPEATABLE: ReadonlySet<OperationId> = new Set<OperationId>([
  'exchangeGameToken',
  'exchangeApiToken',
  'bridgeLookupVehicle',
  'bridgeLookupPerson',
  'bridgeWarrantCheck',
  'bridgeBoloCheck',
  'bridgeWaypoint',
  'bridgeLocation',
  'bridgePresence',
]);

export const isRepeatable = (operationId: OperationId) => ROUTE_TABLE[operationId].method === 'GET' || REPEATABLE.has(operationId);

/** The outcome of a bridge answer: its flag becomes `ok`. */
export function outcomeOf(flag: string, answer: Record<string, unknown>): Record<string, unknown> {
  const { [flag]: value, ...rest } = answer;
  return { ok: value === true, ...rest };
}
