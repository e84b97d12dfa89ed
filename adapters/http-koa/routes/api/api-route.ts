import type { TObject } from '@sinclair/typebox';
import type { ApiGrant } from '../../../../domain/credential/access-grant.ts';
import type { ApiScope } from '../../../../domain/credential/scope.ts';
import { type Method, type RouteSpec, type UseCaseName, credentialRoute } from '../../route-spec.ts';
import { type Answering, type FieldsOf, type RequestInput, type RequestSchemas, answerRequest, successDoc } from '../answering.ts';

/**
 * Per credential and minute. The contract leaves API limits open (section 8); these keep one
 * misbehaving integration from starving the others (decision 0023).
 */
const reads = { bucket: 'api-read', perMinute: 600, per: 'credential' } as const;
const writes = { bucket: 'api-write', perMinute: 120, per: 'credential' } as const;

/** What an API route's use case is called with: the credential's grant and the request's fields. */
export type ApiInput<
  Params extends TObject | undefined,
  Query extends TObject | undefined,
  Body extends TObject | undefined,
> = RequestInput<{ readonly grant: ApiGrant }, Params, Query, Body>;

/** An API route as its row states it; the rest is the API surface's. */
export type ApiRow<
  Key extends UseCaseName,
  Params extends TObject | undefined,
  Query extends TObject | undefined,
  Body extends TObject | undefined,
> = {
  /** Where the document names the operation otherwise than its use case. */
  readonly operationId?: string;
  readonly summary: string;
  /** With the one scope the credential must hold. */
  readonly request: { readonly method: Method; readonly path: string; readonly scope: ApiScope } & RequestSchemas<Params, Query, Body>;
} & Answering<Key, ApiInput<Params, Query, Body>>;

/**
 * Section 4.4: an external system acting as the credential itself. Only `generic_api_key`
 * credentials pass, with the route's one scope; reads and writes each have a per-credential budget.
 */
export function apiRoute<
  Key extends UseCaseName,
  Params extends TObject | undefined = undefined,
  Query extends TObject | undefined = undefined,
  Body extends TObject | undefined = undefined,
>(useCase: Key, row: ApiRow<Key, Params, Query, Body>): RouteSpec<Key, FieldsOf<Body>, FieldsOf<Query>, FieldsOf<Params>, ApiGrant> {
  const { method, path, scope, ...schemas } = row.request;
  return credentialRoute({
    operationId: row.operationId ?? useCase,
    method,
    path,
    summary: row.summary,
    tag: 'API',
    guard: { kind: 'credential', credential: 'generic_api_key', scope },
    rateLimit: method === 'GET' ? reads : writes,
    ...schemas,
    responses: successDoc(row.success),
    useCase,
    handle: ({ grant, ...request }, useCase) => answerRequest(row, { grant }, request, useCase),
  });
}
