import type { TObject } from '@sinclair/typebox';
import type { ApiGrant } from '../../../../domain/credential/access-grant.ts';
import type { ApiScope } from '../../../../domain/credential/scope.ts';
import { notFound } from '../../refusals.ts';
import { type Method, type RouteSpec, type UseCaseName, credentialRoute } from '../../route-spec.ts';
import { type IdParams, type PathId, idParams } from '../../schemas.ts';
import { accept } from '../../../../domain/shared/outcome.ts';
import {
  type Answering,
  type FieldsOf,
  type ReasonOf,
  type RequestInput,
  type RequestSchemas,
  type Success,
  type TakingInput,
  type ValueOf,
  answerRequest,
  answersDoc,
} from '../answering.ts';

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

/** What an API row states besides its request: its name in the document, and how it answers. */
export type ApiAnswering<Key extends UseCaseName, Input> = {
  /** Where the document names the operation otherwise than its use case. */
  readonly operationId?: string;
  readonly summary: string;
} & Answering<Key, Input>;

/** An API route as its row states it; the rest is the API surface's. */
export type ApiRow<
  Key extends UseCaseName,
  Params extends TObject | undefined,
  Query extends TObject | undefined,
  Body extends TObject | undefined,
> = ApiAnswering<Key, ApiInput<Params, Query, Body>> & {
  /** With the one scope the credential must hold. */
  readonly request: { readonly method: Method; readonly path: string; readonly scope: ApiScope } & RequestSchemas<Params, Query, Body>;
};

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
    responses: answersDoc(row),
    useCase,
    handle: ({ grant, ...request }, useCase) => answerRequest(row, { grant }, request, useCase),
  });
}

/**
 * A kind of record that the API lists, reads by its id and sets the status of (units, calls,
 * BOLOs). The list is at `path`, one record at `path/:id`, its status at `path/:id/status`.
 */
export interface StatusRecord<Id extends PathId> {
  /** The collection's path. */
  readonly path: string;
  readonly id: Id;
  /** What an id that names none of the organisation's is answered with: 404 "No such <noun>.". */
  readonly noun: string;
  /** The scope that lists and reads them. */
  readonly viewScope: ApiScope;
}

/** A use case that refuses nothing: a list, whose value is answered as it is. */
type Lists<Key extends UseCaseName> = [ReasonOf<Key>] extends [never] ? Key : never;

/** A use case whose one refusal is an id that names no record of the kind: answered 404. */
type FindsById<Key extends UseCaseName> = [ReasonOf<Key>] extends ['not_found'] ? Key : never;

/**
 * One row of a status record: its use case, which must take the request's fields as they are and
 * refuse as `Refusing` allows, its summary and its success. The path, the scope that reads, the
 * refusals and the call are the record kind's.
 */
type RecordRow<Key extends UseCaseName, Input, Refusing extends UseCaseName> = {
  readonly useCase: Key & Refusing & TakingInput<Key, Input>;
  /** Where the document names the operation otherwise than its use case. */
  readonly operationId?: string;
  readonly summary: string;
  readonly success: Success<ValueOf<Key>>;
};

type ById<Id extends PathId> = IdParams<[Id]>;

/**
 * A row built from a status record's rows. Their types were checked where the record is declared
 * (the list refuses nothing, the other two refuse only `not_found`, each takes the request's
 * fields); the generic code that assembles them cannot show it again, so this says it once.
 */
const checked = <Row>(row: object) => row as Row;

/**
 * The three routes every status record has, from one declaration: listing (with the query's
 * filters), reading one by its id, and setting its status (with the scope that does, and the body).
 * They share the path, the id, the scope that reads, and the answer to an id that names no record
 * of the kind. Each use case's input, value and refusals are checked against its row where the
 * record is declared.
 */
export function statusRecordRoutes<
  Id extends PathId,
  List extends UseCaseName,
  Query extends TObject,
  Read extends UseCaseName,
  Set extends UseCaseName,
  Status extends TObject,
>(
  record: StatusRecord<Id>,
  rows: {
    readonly list: { readonly useCase: List; readonly query: Query } & RecordRow<List, ApiInput<undefined, Query, undefined>, Lists<List>>;
    readonly read: { readonly useCase: Read } & RecordRow<Read, ApiInput<ById<Id>, undefined, undefined>, FindsById<Read>>;
    readonly setStatus: { readonly useCase: Set; readonly scope: ApiScope; readonly body: Status } & RecordRow<
      Set,
      ApiInput<ById<Id>, undefined, Status>,
      FindsById<Set>
    >;
  },
): readonly [RouteSpec, RouteSpec, RouteSpec] {
  const { list, read, setStatus } = rows;
  const params: ById<Id> = idParams(record.id);
  const one = `${record.path}/:${record.id}`;
  const refusals = { not_found: notFound(record.noun) };
  return [
    apiRoute<List, undefined, Query>(
      list.useCase,
      checked({
        ...list,
        request: { method: 'GET', path: record.path, scope: record.viewScope, query: list.query },
        call: async (input: unknown, useCase: { execute(input: unknown): Promise<unknown> }) => accept(await useCase.execute(input)),
      }),
    ),
    apiRoute<Read, ById<Id>>(
      read.useCase,
      checked({
        ...read,
        request: { method: 'GET', path: one, scope: record.viewScope, params },
        refusals,
      }),
    ),
    apiRoute<Set, ById<Id>, undefined, Status>(
      setStatus.useCase,
      checked({
        ...setStatus,
        request: { method: 'PATCH', path: `${one}/status`, scope: setStatus.scope, params, body: setStatus.body },
        refusals,
      }),
    ),
  ];
}
