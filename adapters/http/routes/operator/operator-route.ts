import type { Operator } from '../../../../domain/operator/operator.ts';
import type { TObject } from '@sinclair/typebox';
import type { OperatorPermission } from '../../../../domain/operator/operator-key.ts';
import type { Method, RouteSpec, UseCaseName } from '../../route-spec.ts';
import type { HttpError } from '../../error-catalogue.ts';
import { notFound } from '../../refusals.ts';
import { idParams } from '../../schemas.ts';
import type { JsonSchema } from '../../validation.ts';
import { type Answering, type FieldsOf, type RequestInput, type RequestSchemas, answerRequest, listed, answersDoc } from '../answering.ts';

/**
 * What an operator route documents: a permission, the bootstrap key alone, or any operator key
 * (`any`: the key reads only itself). Its use case enforces it.
 */
type Permission = OperatorPermission | 'bootstrap' | 'any';

/** One feature of the operator surface: its tag in the document, and the permission its routes need unless a row says otherwise. */
export interface OperatorFeature {
  readonly tag: string;
  readonly permission: Permission;
}

/** What an operator route's use case is called with: the calling key and the request's fields. */
export type OperatorInput<
  Params extends TObject | undefined,
  Query extends TObject | undefined,
  Body extends TObject | undefined,
> = RequestInput<{ readonly operator: Operator }, Params, Query, Body>;

/** An operator route as its row states it; the rest is its feature's. */
export type OperatorRow<
  Key extends UseCaseName,
  Params extends TObject | undefined,
  Query extends TObject | undefined,
  Body extends TObject | undefined,
> = {
  readonly summary: string;
  readonly request: { readonly method: Method; readonly path: string; readonly permission?: Permission } & RequestSchemas<
    Params,
    Query,
    Body
  >;
} & Answering<Key, OperatorInput<Params, Query, Body>>;

/**
 * The routes of one operator feature. Each is named after its use case, admits any operator key
 * (the use case checks the permission and the key's reach) and calls its use case as that key.
 */
export function operatorRouteFor({ tag, permission }: OperatorFeature) {
  return <
    Key extends UseCaseName,
    Params extends TObject | undefined = undefined,
    Query extends TObject | undefined = undefined,
    Body extends TObject | undefined = undefined,
  >(
    useCase: Key,
    row: OperatorRow<Key, Params, Query, Body>,
  ): RouteSpec<Key, FieldsOf<Body>, FieldsOf<Query>, FieldsOf<Params>> => {
    const { method, path, permission: needs = permission, ...schemas } = row.request;
    return {
      operationId: useCase,
      method,
      path,
      summary: row.summary,
      tag,
      guard: { kind: 'operator', permission: needs },
      ...schemas,
      responses: answersDoc(row),
      useCase,
      handle: ({ operator, ...request }, useCase) => answerRequest(row, { operator }, request, useCase),
    };
  };
}

/**
 * The row of a listing of one kind of an organisation's records, at
 * `GET /api/v1/admin/organisations/:organisationId/<kind>`: outside the key's reach the
 * organisation is not found; without the feature's permission, `notAllowed`.
 */
export function organisationListing<Row>(
  kind: string,
  summary: string,
  view: (row: Row) => unknown,
  notAllowed: () => HttpError,
  items?: JsonSchema,
) {
  return {
    summary,
    request: { method: 'GET', path: `/api/v1/admin/organisations/:organisationId/${kind}`, params: idParams('organisationId') },
    success: listed(kind.replaceAll('-', ' '), view, items),
    refusals: { not_found: notFound('organisation'), forbidden: notAllowed },
  } as const;
}
