/**
 * Values of rows read with raw SQL (`em.execute`), which MikroORM hands back as the driver gives
 * them: `timestamptz` as text (`2026-05-01 10:00:00.123+00`), `bigint` as text on PostgreSQL and
 * as a number on PGlite, doubles as numbers (or text, with other driver settings).
 */
export function rawDate(value: unknown): Date {
  if (value instanceof Date) return value;
  const text = String(value)
    .replace(' ', 'T')
    .replace(/([+-]\d\d)$/, '$1:00');
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new TypeError(`not a timestamp: ${String(value)}`);
  return date;
}

export function rawNullableDate(value: unknown): Date | null {
  return value == null ? null : rawDate(value);
}

export function rawNumber(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value);
  if (value == null || value === '' || Number.isNaN(number)) throw new TypeError(`not a number: ${String(value)}`);
  return number;
}

export function rawNullableNumber(value: unknown): number | null {
  return value == null ? null : rawNumber(value);
}

export function rawBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 't' || value === 'true') return true;
  if (value === 'f' || value === 'false') return false;
  throw new TypeError(`not a boolean: ${String(value)}`);
}
