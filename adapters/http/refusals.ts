import { HttpError, invalidField } from './error-catalogue.ts';

/** How each refusal reason of a use case is answered over HTTP. */
export type RefusalAnswers<Reason extends string> = { readonly [R in Reason]: () => HttpError };

export const notFound = (thing: string) => () => new HttpError('NOT_FOUND', `No such ${thing}.`);
export const forbidden = (why: string) => () => new HttpError('FORBIDDEN', why);
export const conflict = (why: string) => () => new HttpError('CONFLICT', why);
export const invalid = (field: string, why: string) => () => invalidField(field, why);
export const nothingToChange = () =>
  new HttpError('VALIDATION_FAILED', 'Send at least one field to change.', [{ in: 'body', field: '', message: 'names nothing to change' }]);
