import type { Outcome } from '../../domain/shared/outcome.ts';
import { HttpError, invalidField } from './error-catalogue.ts';
import type { Reply } from './route-spec.ts';

/** How each refusal reason of a use case is answered over HTTP. */
export type RefusalAnswers<Reason extends string> = { readonly [R in Reason]: () => HttpError };

/** Maps an outcome to a reply: the value through `success`, a refusal through its answer. */
export function answer<Value, Reason extends string>(
  outcome: Outcome<Value, Reason>,
  success: (value: Value) => Reply,
  refusals: RefusalAnswers<Reason>,
): Reply {
  if (outcome.ok) return success(outcome.value);
  throw refusals[outcome.reason]();
}

export const notFound = (thing: string) => () => new HttpError('NOT_FOUND', `No such ${thing}.`);
export const forbidden = (why: string) => () => new HttpError('FORBIDDEN', why);
export const conflict = (why: string) => () => new HttpError('CONFLICT', why);
export const invalid = (field: string, why: string) => () => invalidField(field, why);
export const nothingToChange = () =>
  new HttpError('VALIDATION_FAILED', 'Send at least one field to change.', [{ in: 'body', field: '', message: 'names nothing to change' }]);
