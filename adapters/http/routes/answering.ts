import type { Static, TObject } from '@sinclair/typebox';
import type { UseCases } from '../../../application/use-cases.ts';
import type { Outcome } from '../../../domain/shared/outcome.ts';
import type { HttpError } from '../error-catalogue.ts';
import type { RefusalAnswers } from '../refusals.ts';
import type { Reply, ResponseDoc, UseCaseName } from '../route-spec.ts';
import type { JsonSchema } from '../validation.ts';

/**
 * How a row drives its use case: the request's fields become its input, a success is presented,
 * and every refusal has its answer. The value and the refusals are the use case's own types.
 */

type ResultOf<Key extends UseCaseName> = Awaited<ReturnType<UseCases[Key]['execute']>>;

/** What a use case hands back on success: its outcome's value, or the plain value of a use case that refuses nothing. */
export type ValueOf<Key extends UseCaseName> =
  ResultOf<Key> extends { readonly ok: boolean } ? Extract<ResultOf<Key>, { readonly ok: true }>['value'] : ResultOf<Key>;

type RefusalOf<Key extends UseCaseName> = Extract<ResultOf<Key>, { readonly ok: false }>;

/** The reasons a use case may refuse for; none for a use case that hands back a plain value. */
export type ReasonOf<Key extends UseCaseName> = [RefusalOf<Key>] extends [never]
  ? never
  : RefusalOf<Key> extends { readonly reason: infer Reason extends string }
    ? Reason
    : never;

/** What a use case's outcome is, as a row's `call` hands it on. */
export type OutcomeOf<Key extends UseCaseName> = Outcome<ValueOf<Key>, ReasonOf<Key>>;

/** What an object schema guarantees, as fields of a use case's input; nothing where there is no schema. */
export type FieldsOf<Schema extends TObject | undefined> = Schema extends TObject ? Static<Schema> : {};

/** A request's schemas, each an object of named fields. */
export interface RequestSchemas<Params extends TObject | undefined, Query extends TObject | undefined, Body extends TObject | undefined> {
  readonly params?: Params;
  readonly query?: Query;
  readonly body?: Body;
  /** Rules between the body's fields that the use case enforces; published with the body (decision 0035). */
  readonly bodyRules?: JsonSchema;
}

/** A use case's input as a route assembles it: who acts, with the path's ids and the query's and body's fields. */
export type RequestInput<
  Actor,
  Params extends TObject | undefined,
  Query extends TObject | undefined,
  Body extends TObject | undefined,
> = Actor & FieldsOf<Params> & FieldsOf<Query> & FieldsOf<Body>;

/** A success: its status, what the document says of it, and the body made of the use case's value. */
export interface Success<Value> extends ResponseDoc {
  readonly status: 200 | 201;
  present(value: Value): unknown;
}

type ExecuteInput<Key extends UseCaseName> = Parameters<UseCases[Key]['execute']>[0];

/** The use case's name where it takes the request's fields as they are; `never` where it does not. */
export type TakingInput<Key extends UseCaseName, Input> = [Input] extends [ExecuteInput<Key>] ? Key : never;

/**
 * How a row calls its use case. A row whose request fields are the use case's input as they are,
 * for a use case that answers an `Outcome`, may leave `call` out: the use case is executed with
 * the input. Any other row says how.
 */
export type Calling<Key extends UseCaseName, Input> = [Input] extends [ExecuteInput<Key>]
  ? ResultOf<Key> extends { readonly ok: boolean }
    ? { call?(input: Input, useCase: UseCases[Key]): Promise<OutcomeOf<Key>> }
    : { call(input: Input, useCase: UseCases[Key]): Promise<OutcomeOf<Key>> }
  : { call(input: Input, useCase: UseCases[Key]): Promise<OutcomeOf<Key>> };

/** What a row states about its use case: how it answers a success and each refusal, and how it is called. */
export type Answering<Key extends UseCaseName, Input> = {
  readonly success: Success<ValueOf<Key>>;
} & Calling<Key, Input> &
  ([ReasonOf<Key>] extends [never] ? { readonly refusals?: undefined } : { readonly refusals: RefusalAnswers<ReasonOf<Key>> });

/** The document's schema of a plain array. */
export const listOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

/** A success that is a plain array of views: `what` names them in the document. */
export const listed = <Row>(what: string, view: (row: Row) => unknown, items?: JsonSchema): Success<readonly Row[]> => ({
  status: 200,
  description: `A plain array of ${what}.`,
  ...(items && { schema: listOf(items) }),
  present: (rows) => rows.map(view),
});

/** A success that created something: a 201 whose body is the view of what was made. */
export const created = <Value>(description: string, schema: JsonSchema, present: (value: Value) => unknown): Success<Value> => ({
  status: 201,
  description,
  schema,
  present,
});

/** The document's entry for a row's success. */
export const successDoc = ({ status, description, schema }: Success<never>): Readonly<Record<number, ResponseDoc>> => ({
  [status]: { description, ...(schema && { schema }) },
});

/**
 * The document's entries for a row's refusals (decision 0093): each answer is made once, as the
 * route would make it, and the answers of one status are listed together, each with its code and
 * its message, so a 404 `No such unit.` or a 409 `PLATE_MISMATCH` is documented because the row
 * answers it, not because someone wrote it down twice.
 */
export function refusalDocs(
  refusals: { readonly [reason: string]: (() => HttpError) | undefined } | undefined,
): Readonly<Record<number, ResponseDoc>> {
  // By status, then by code, the distinct things each code is said for.
  const byStatus = new Map<number, Map<string, string[]>>();
  for (const answer of Object.values(refusals ?? {})) {
    if (answer === undefined) continue;
    const error = answer();
    const codes = byStatus.get(error.status) ?? new Map<string, string[]>();
    const items = codes.get(error.code) ?? [];
    const item = refusalItem(error);
    if (!items.includes(item)) items.push(item);
    codes.set(error.code, items);
    byStatus.set(error.status, codes);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      status,
      {
        description: `${[...codes].map(([code, items]) => (code === 'VALIDATION_FAILED' ? items : [`\`${code}\`: ${items[0]}`, ...items.slice(1)]).join('; ')).join('. ')}.`,
      },
    ]),
  );
}

/** What a refusal is said for: a bad field by its name, any other by its message. */
function refusalItem(error: HttpError): string {
  const field = error.details?.[0];
  if (error.code === 'VALIDATION_FAILED' && field !== undefined && field.field !== '') return `\`${field.field}\` ${field.message}`;
  return error.message.replace(/\.$/, '');
}

/** A row's documented answers: its success and every refusal its use case may give. */
export const answersDoc = (row: {
  readonly success: Success<never>;
  readonly refusals?: { readonly [reason: string]: (() => HttpError) | undefined } | undefined;
}): Readonly<Record<number, ResponseDoc>> => ({ ...refusalDocs(row.refusals), ...successDoc(row.success) });

/** Calls the use case with the request's fields and answers its outcome. */
export async function answerRequest<
  Key extends UseCaseName,
  Actor extends object,
  Params extends object,
  Query extends object,
  Body extends object,
>(
  row: Answering<Key, Actor & Params & Query & Body>,
  actor: Actor,
  request: { readonly params: Params; readonly query: Query; readonly body: Body },
  useCase: UseCases[Key],
): Promise<Reply> {
  const outcome = await callUseCase(row, { ...request.params, ...request.query, ...request.body, ...actor }, useCase);
  if (outcome.ok) return { status: row.success.status, body: row.success.present(outcome.value) };
  const refusal = row.refusals?.[outcome.reason];
  // The row's type names an answer for every reason the use case has.
  if (refusal === undefined) throw new Error(`No answer for the refusal ${outcome.reason}.`);
  throw refusal();
}

/** Calls a row's use case: as its `call` says, or, where the row leaves it out, with the input as it is. */
export function callUseCase<Key extends UseCaseName, Input>(
  row: { call?(input: Input, useCase: UseCases[Key]): Promise<OutcomeOf<Key>> },
  input: Input,
  useCase: UseCases[Key],
): Promise<OutcomeOf<Key>> {
  return row.call ? row.call(input, useCase) : (useCase.execute as (input: Input) => Promise<OutcomeOf<Key>>)(input);
}
