import type { JsonSchema } from './validation.ts';

/** Stand-ins by format, each valid for it. */
const FORMATTED: Readonly<Record<string, string>> = {
  uuid: '3f2b8c1e-9d4a-4e7b-8a51-2c6d0e9f1a34',
  'date-time': '2026-04-01T12:00:00.000Z',
  date: '1990-04-01',
  uri: 'https://cad.example.org/',
};

/**
 * An example value that the schema accepts, made from the schema alone: a client generator and a
 * reader both see a whole answer. The first alternative of a union; the first value of an enum.
 */
export function exampleOf(schema: JsonSchema, depth = 0): unknown {
  if (depth > 8) return null;
  if ('example' in schema) return schema['example'];
  if ('default' in schema) return schema['default'];
  if ('const' in schema) return schema['const'];
  if (Array.isArray(schema['enum'])) return schema['enum'][0];
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = schema[keyword] as JsonSchema[] | undefined;
    if (branches?.[0] !== undefined) return exampleOf(branches[0], depth + 1);
  }
  const types = schema['type'];
  const type = Array.isArray(types) ? (types.find((t) => t !== 'null') ?? 'null') : types;
  switch (type) {
    case 'object': {
      const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, exampleOf(property, depth + 1)]));
    }
    case 'array': {
      const items = schema['items'] as JsonSchema | undefined;
      return items === undefined ? [] : [exampleOf(items, depth + 1)];
    }
    case 'string':
      return stringExample(schema);
    case 'integer':
    case 'number':
      return typeof schema['minimum'] === 'number' ? schema['minimum'] : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

function stringExample(schema: JsonSchema): string {
  const format = schema['format'];
  if (typeof format === 'string' && FORMATTED[format] !== undefined) return FORMATTED[format];
  if (typeof schema['pattern'] === 'string' && schema['pattern'] === '^[0-9]{4}-[0-9]{2}-[0-9]{2}$') return FORMATTED['date']!;
  const min = typeof schema['minLength'] === 'number' ? schema['minLength'] : 0;
  return 'example'.padEnd(min, 'x').slice(0, typeof schema['maxLength'] === 'number' ? schema['maxLength'] : undefined);
}
