import { isDeepStrictEqual } from 'node:util';

type Snapshot = Record<string, unknown[]>;

/** Null when the two snapshots hold the same rows, outside the tables `ignored`; else which tables changed, with an example row. */
export function storeDifference(before: Snapshot, after: Snapshot, ignored: readonly string[] = []): string | null {
  const changed: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (ignored.includes(table)) continue;
    const was = before[table] ?? [];
    const now = after[table] ?? [];
    if (isDeepStrictEqual(was, now)) continue;
    const added = now.find((row) => !was.some((old) => isDeepStrictEqual(old, row)));
    const example = added === undefined ? '' : `, e.g. ${JSON.stringify(added).slice(0, 300)}`;
    changed.push(`${table} (${was.length} -> ${now.length} rows${example})`);
  }
  return changed.length === 0 ? null : changed.join('; ');
}
