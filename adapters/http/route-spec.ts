import type { PersonOperator } from '../../domain/people/person-operator.ts';
import type { SessionCookie } from './session-cookie.ts';
import type { FlowCookie } from './flow-cookie.ts';
import type { Operator } from '../../domain/operator/operator.ts';
import type { Static, TSchema } from '@sinclair/typebox';
import type { MdtOfficer } from '../../application/mdt/mdt-officer.ts';
import type { UseCases } from '../../application/use-cases.ts';
import type { MdtTier } from '../../domain/roster/mdt-handoff.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { CredentialKind } from '../../domain/credential/credential.ts';
import type { Scope } from '../../domain/credential/scope.ts';
import type { OperatorPermission } from '../../domain/operator/operator-key.ts';
import type { JsonSchema } from './validation.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone, an operator key, or a bearer token of one credential kind. The
 * permission of an operator route is documented here and enforced by its use case.
 */
export type Guard =
  | { readonly kind: 'public' }
  | { readonly kind: 'operator'; readonly permission: OperatorPermission | 'bootstrap' | 'any' }
  /** An MDT session only; `full`: a write, refused (403) to a session that is read-only now. */
  | { readonly kind: 'mdt'; readonly tier: MdtTier }
  /** A signed-in person's browser session only (their own account). */
  | { readonly kind: 'person' }
  | CredentialGuard<CredentialKind>;

/** The guard of a route for one kind of credential, with the scope it needs, if any. */
export interface CredentialGuard<Kind extends CredentialKind> {
  readonly kind: 'credential';
  readonly credential: Kind;
  readonly scope?: Scope;
}

/** A per-minute budget, counted per credential or (before authentication) per caller address. */
export interface RateRule {
  readonly bucket: string;
  readonly perMinute: number;
  readonly per: 'credential' | 'address' | 'session';
}

export interface RouteRequest<Body, Query, Params, Grant extends AccessGrant = AccessGrant> {
  readonly body: Body;
  readonly query: Query;
  readonly params: Params;
  /** Set on credential routes, of the kind the guard admitted. */
  readonly grant: Grant;
  /** Set on operator routes. */
  readonly operator: Operator;
  /** Set on MDT routes. */
  readonly mdt: MdtOfficer;
  /** Set on person routes. */
  readonly person: PersonOperator;
  readonly address: string;
  /** The `User-Agent` the caller sent, for a person's list of their sessions. */
  readonly userAgent: string;
  /** Whether the request's `Origin` is this service's own (its pages), for routes that start a session. */
  readonly fromOwnPage: boolean;
  /** The request's `Origin` as sent (empty when none): a passkey's relying party, once `fromOwnPage` vouches for it. */
  readonly origin: string;
  /** The person's session id in the request's cookie, for the public route that says whether one is signed in. */
  readonly sessionId: string | null;
  /** The sealed sign-in at an external provider the browser carries back to its callback, if any. */
  readonly flowCookie: string | null;
  /** This service's scheme and host as the browser reached it, for the addresses a provider sends it back to. */
  readonly ownOrigin: string;
  /** The path and query as sent (a provider's callback parameters are read whole from it). */
  readonly target: string;
}

export interface Reply {
  readonly status: number;
  readonly body: unknown;
  /** A new session id for the browser's cookie, or its removal. */
  readonly cookie?: SessionCookie;
  /** Sends the browser here (with a 302, a page's GET only): the body is a line of text, not JSON. */
  readonly location?: string;
  /** The sealed sign-in at an external provider, kept in the browser until its callback, or its removal. */
  readonly flowCookie?: FlowCookie;
}

export interface ResponseDoc {
  readonly description: string;
  readonly schema?: JsonSchema;
}

/**
 * One row of the route table: everything any HTTP transport needs to serve the route, and
 * everything the OpenAPI document says about it.
 */
export interface RouteSpec<
  Key extends UseCaseName = UseCaseName,
  Body = unknown,
  Query = unknown,
  Params = unknown,
  Grant extends AccessGrant = AccessGrant,
> {
  readonly operationId: string;
  readonly method: Method;
  /** With `:name` parameters (path-to-regexp's form), matched by the pipeline's router on every transport. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly guard: Guard;
  readonly rateLimit?: RateRule;
  readonly params?: JsonSchema;
  readonly query?: JsonSchema;
  readonly body?: JsonSchema;
  /**
   * Rules between the body's fields (`oneOf` on a kind, `anyOf` of required fields) that the use
   * case enforces with its own refusals. They are published with the body, never run by the
   * validator, so the answer to a body that breaks one stays the use case's (decision 0035).
   */
  readonly bodyRules?: JsonSchema;
  readonly responses: Readonly<Record<number, ResponseDoc>>;
  /** The one use case the route calls; the transport hands the handler that use case and no other. */
  readonly useCase: Key;
  /**
   * Calls the use case and maps its outcome to HTTP; refusals become errors or flagged replies. A
   * method, so that a row naming one use case still fits the table of all rows.
   */
  handle(request: RouteRequest<Body, Query, Params, Grant>, useCase: UseCases[Key]): Promise<Reply>;
}

export type UseCaseName = keyof UseCases;

/** What a request schema guarantees once validated, defaults filled in; `undefined` where there is none. */
export type Validated<Schema extends TSchema | undefined> = Schema extends TSchema ? Static<Schema> : undefined;

/** A row as written: its schemas are TypeBox schemas, and its handler reads the types they declare. */
export type RouteRow<
  Key extends UseCaseName,
  Body extends TSchema | undefined,
  Query extends TSchema | undefined,
  Params extends TSchema | undefined,
  Grant extends AccessGrant = AccessGrant,
> = Omit<RouteSpec<Key, Validated<Body>, Validated<Query>, Validated<Params>, Grant>, 'body' | 'query' | 'params'> & {
  readonly body?: Body;
  readonly query?: Query;
  readonly params?: Params;
};

/** Declares a route; what its handler reads follows from its schemas. */
export function route<
  Key extends UseCaseName,
  Body extends TSchema | undefined = undefined,
  Query extends TSchema | undefined = undefined,
  Params extends TSchema | undefined = undefined,
>(row: RouteRow<Key, Body, Query, Params>): RouteSpec<Key, Validated<Body>, Validated<Query>, Validated<Params>> {
  return row;
}

/** The grant a credential of that kind carries: a game grant has a department, an API grant none. */
export type GrantOf<Kind extends CredentialKind> = Extract<AccessGrant, { readonly kind: Kind }>;

/**
 * A route for one kind of credential: its guard admits no other kind, so its handler reads the
 * grant of that kind (a game route's grant has a department) without a cast.
 */
export function credentialRoute<Kind extends CredentialKind, Key extends UseCaseName, Body, Query, Params>(
  spec: RouteSpec<Key, Body, Query, Params, GrantOf<Kind>> & { readonly guard: CredentialGuard<Kind> },
): RouteSpec<Key, Body, Query, Params, GrantOf<Kind>> {
  return spec;
}

/** The body schema as the OpenAPI document publishes it: the fields' shapes, and the rules between them. */
export function publishedBody(spec: Pick<RouteSpec, 'body' | 'bodyRules'>): JsonSchema | undefined {
  if (spec.body === undefined || spec.bodyRules === undefined) return spec.body;
  return { ...spec.body, allOf: [...((spec.body['allOf'] as JsonSchema[] | undefined) ?? []), spec.bodyRules] };
}

/**
 * Whether a row takes an `Idempotency-Key` (decision 0085): every row that may write for a caller
 * it knows, that is every method but GET behind a credential or an operator key (a person's session
 * included, on the operator routes). The pipeline and
 * the OpenAPI document both ask this, so a new write row has idempotency without a line of its own.
 */
/**
 * The POST routes that are reads or heartbeats: repeating one changes nothing more (a lookup, a
 * position, a waypoint read, the players present), so none keeps an `Idempotency-Key` (a key sent is
 * ignored). A busy server sends a heartbeat per officer every five seconds: kept, their keys alone
 * would outgrow the ledger's purge (issue 30, point 7; decision 0105).
 */
export const SAFE_TO_REPEAT: ReadonlySet<string> = new Set([
  'bridgeLocation',
  'bridgeWaypoint',
  'bridgePresence',
  'bridgeLookupVehicle',
  'bridgeLookupPerson',
  'bridgeWarrantCheck',
  'bridgeBoloCheck',
  'mdtLookupVehicle',
  'mdtLookupPerson',
  'mdtWarrantCheck',
]);

/**
 * The rows a game server calls every few seconds per player: their successes are summed up in the
 * access log instead of written one by one, unless every line is asked for (decision 0111).
 */
export const HEARTBEATS: ReadonlySet<string> = new Set(['bridgeLocation', 'bridgeWaypoint', 'bridgePresence']);

/** An MDT's Sign out is a browser's, as a person's: it sends no key, and ending an ended session changes nothing. */
const BROWSER_SIGN_OUTS: ReadonlySet<string> = new Set(['mdtSignOut']);

export function takesIdempotencyKey(spec: Pick<RouteSpec, 'method' | 'guard' | 'operationId'>): boolean {
  // A person's own routes are a browser's, which sends no key (a sign-in, a sign-out, an account change).
  if (spec.method === 'GET' || spec.guard.kind === 'public' || spec.guard.kind === 'person') return false;
  if (BROWSER_SIGN_OUTS.has(spec.operationId)) return false;
  return !SAFE_TO_REPEAT.has(spec.operationId);
}

export const ok = (body: unknown): Reply => ({ status: 200, body });

/** A 302 to this service's page or to a provider: the browser follows it, nothing reads its body. */
export const found = (location: string, extra: Pick<Reply, 'cookie' | 'flowCookie'> = {}): Reply => ({
  status: 302,
  body: null,
  location,
  ...extra,
});
