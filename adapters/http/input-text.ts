import type { FieldProblem } from './error-catalogue.ts';

export const MAX_NESTING = 16;

/**
 * Finds the first string (value or key) that no database text column can hold, a NUL or a lone
 * UTF-16 surrogate, and the first value nested deeper than `MAX_NESTING`. Such input is malformed
 * wherever it appears, so it is caught once for the whole request rather than per field.
 */
export function unfitInput(value: unknown, location: FieldProblem['in'], path: string[] = [], depth = 0): FieldProblem | null {
  const field = path.join('.');
  if (typeof value === 'string')
    return fitText(value) ? null : { in: location, field, message: 'must be text without NUL characters or broken surrogates' };
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_NESTING) return { in: location, field, message: `must not nest deeper than ${MAX_NESTING} levels` };
  for (const [key, item] of Object.entries(value)) {
    if (!fitText(key))
      return { in: location, field: [...path, key].join('.'), message: 'must be a key without NUL characters or broken surrogates' };
    const problem = unfitInput(item, location, [...path, key], depth + 1);
    if (problem !== null) return problem;
  }
  return null;
}

function fitText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}
