import { IDENTIFIER_KINDS, MAX_IDENTIFIER_LENGTH } from '../../domain/roster/player-identifiers.ts';
import type { JsonSchema } from './validation.ts';

/** A UUID in any case, read in lower case (the form ids are stored in); `urn:uuid:` is malformed. */
export const uuid = { type: 'string', format: 'uuid', 'x-canonical-uuid': true } as const;
export const text = (maxLength: number, minLength = 1) => ({ type: 'string', minLength, maxLength }) as const;
export const nullable = (schema: JsonSchema) => ({ anyOf: [schema, { type: 'null' }] });

/** An object whose listed properties are required; any other field is dropped, never bound. */
export function object(properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema {
  return { type: 'object', properties, required: [...required] };
}

/** Path parameters that are ids: a non-UUID is malformed input. */
export function idParams(...names: string[]): JsonSchema {
  return object(Object.fromEntries(names.map((name) => [name, uuid])), names);
}

/** `YYYY-MM-DD`; the domain also checks that the date exists. */
export const dateOfBirth = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;

export const identifiers = {
  type: 'object',
  properties: Object.fromEntries(IDENTIFIER_KINDS.map((kind) => [kind, text(MAX_IDENTIFIER_LENGTH)])),
  minProperties: 1,
} as const;

export const plate = text(32);
