import { Ajv, type ValidateFunction } from 'ajv';
import dependentRequired from 'ajv/dist/vocabularies/validation/dependentRequired.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from './schema-arbitrary.ts';

/**
 * A validator for the table's schemas that changes nothing: it judges generated requests and the
 * service's answers. Formats as the service reads them (an id is the 36 characters alone).
 */
const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
addFormats.default(ajv, { formats: ['date-time', 'date', 'uri'] });
ajv.addKeyword(dependentRequired.default);
ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
ajv.addKeyword({ keyword: 'x-canonical-uuid', type: 'string', errors: false, validate: () => true });

const compiled = new WeakMap<object, ValidateFunction>();

/** Null when the value fits the schema, else ajv's complaint in one line. */
export function schemaProblem(schema: JsonSchema, value: unknown): string | null {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(value) ? null : ajv.errorsText(validate.errors, { separator: '; ' });
}
