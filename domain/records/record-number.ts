/** The kinds of record that carry a human-readable number, with their prefixes. */
export const RECORD_PREFIXES = {
  call: 'C',
  bolo: 'B',
  citation: 'CT',
  arrest: 'AR',
} as const;
export type NumberedRecord = keyof typeof RECORD_PREFIXES;

/**
 * `C-26-000123`: prefix, two-digit year, and the record's place in that year's sequence for
 * its organisation. Sequences restart each year, so numbers stay short and sort by time.
 */
export function formatRecordNumber(kind: NumberedRecord, year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError('a record sequence starts at 1');
  const yy = String(year % 100).padStart(2, '0');
  return `${RECORD_PREFIXES[kind]}-${yy}-${String(sequence).padStart(6, '0')}`;
}
