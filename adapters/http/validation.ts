import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { DataValidationCxt } from 'ajv/dist/types/index.js';
import dependentRequired from 'ajv/dist/vocabularies/validation/dependentRequired.js';
import addFormats from 'ajv-formats';
import { type FieldProblem, HttpError } from './error-catalogue.ts';
import { BIDI_CONTROLS_REFUSED, NO_BIDI_CONTROLS } from './schemas.ts';

export type JsonSchema = Record<string, unknown>;

/** Bodies are taken as sent (no coercion) and stripped of unknown fields, which are never bound. */
const bodies = new Ajv({ allErrors: true, removeAdditional: 'all', useDefaults: true, coerceTypes: false, strict: false });
/** Query strings and path parameters arrive as text and are coerced to their declared types. */
const text = new Ajv({ allErrors: true, removeAdditional: 'all', useDefaults: true, coerceTypes: true, strict: false });
/** ajv-formats' uuid also takes `urn:uuid:`; an id here is the 36 characters alone, in any case. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `x-canonical-uuid` writes a UUID in lower case, the one form the service stores and compares, so
 * an id sent upper-case finds the same row in every store.
 */
function lowerCaseUuid(_schema: unknown, data: unknown, _parent?: unknown, context?: DataValidationCxt): boolean {
  if (typeof data === 'string' && context?.parentData !== undefined) {
    (context.parentData as Record<string | number, unknown>)[context.parentDataProperty] = data.toLowerCase();
  }
  return true;
}

for (const ajv of [bodies, text]) {
  addFormats.default(ajv, { formats: ['date-time', 'date', 'uri'] });
  // JSON Schema 2019-09's `dependentRequired` (OpenAPI 3.1 speaks 2020-12), in place of draft-07's `dependencies`.
  ajv.addKeyword(dependentRequired.default);
  ajv.addFormat('uuid', UUID);
  ajv.addKeyword({ keyword: 'x-canonical-uuid', type: 'string', modifying: true, errors: false, validate: lowerCaseUuid });
}

export type Location = FieldProblem['in'];

/** Compiles a schema once; the returned check throws the documented 400 with every bad field. */
export function validator(schema: JsonSchema, location: Location): (value: unknown) => unknown {
  const validate: ValidateFunction = (location === 'body' ? bodies : text).compile(schema);
  return (value) => {
    if (validate(value)) return value;
    throw new HttpError('VALIDATION_FAILED', undefined, problems(validate.errors, location));
  };
}

function problems(errors: ErrorObject[] | null | undefined, location: Location): FieldProblem[] {
  const seen = new Set<string>();
  const list: FieldProblem[] = [];
  for (const error of errors ?? []) {
    const path = error.instancePath
      .split('/')
      .slice(1)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (error.keyword === 'required') path.push(String((error.params as { missingProperty: string }).missingProperty));
    const field = path.join('.');
    const message = messageOf(error);
    const key = `${field}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    list.push({ in: location, field, message });
  }
  return list;
}

/** Ajv's words, except where a pattern's meaning is known: the regular expression itself says little. */
function messageOf(error: ErrorObject): string {
  if (error.keyword === 'pattern' && (error.params as { pattern?: string }).pattern === NO_BIDI_CONTROLS) return BIDI_CONTROLS_REFUSED;
  return error.message ?? 'is not valid';
}
