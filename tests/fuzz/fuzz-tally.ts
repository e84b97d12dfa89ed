import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface RouteCount {
  readonly route: string;
  requests: number;
  readonly classes: Record<'2xx' | '3xx' | '4xx' | '5xx', number>;
  readonly statuses: Record<number, number>;
}

/** Requests per route and what came back, for the report at the end of a run. */
export class FuzzTally {
  private readonly routes = new Map<string, RouteCount>();

  count(route: string, status: number): void {
    let entry = this.routes.get(route);
    if (entry === undefined) {
      entry = { route, requests: 0, classes: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 }, statuses: {} };
      this.routes.set(route, entry);
    }
    entry.requests++;
    const family = `${Math.floor(status / 100)}xx` as keyof RouteCount['classes'];
    if (family in entry.classes) entry.classes[family]++;
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
  }

  /** A Markdown table: one row per route, then the total. */
  table(title: string): string {
    const rows = [...this.routes.values()];
    const total = rows.reduce((sum, r) => sum + r.requests, 0);
    const sumOf = (key: keyof RouteCount['classes']) => rows.reduce((sum, r) => sum + r.classes[key], 0);
    const statuses = (r: RouteCount) =>
      Object.entries(r.statuses)
        .map(([status, n]) => `${status}:${n}`)
        .join(' ');
    return [
      `${title}: ${total} requests over ${rows.length} routes`,
      '',
      '| route | requests | 2xx | 4xx | 5xx | statuses |',
      '|---|---|---|---|---|---|',
      ...rows.map(
        (r) => `| ${r.route} | ${r.requests} | ${r.classes['2xx']} | ${r.classes['4xx']} | ${r.classes['5xx']} | ${statuses(r)} |`,
      ),
      `| total | ${total} | ${sumOf('2xx')} | ${sumOf('4xx')} | ${sumOf('5xx')} | 3xx: ${sumOf('3xx')} |`,
    ].join('\n');
  }

  /** Prints the table, and writes it as JSON too (`fuzz-<name>.json`) when FUZZ_REPORT_DIR names a folder. */
  report(title: string, name: string): void {
    if (this.routes.size === 0) return;
    console.log(`\n${this.table(title)}\n`);
    const folder = process.env['FUZZ_REPORT_DIR'];
    if (folder !== undefined && folder !== '') {
      writeFileSync(join(folder, `fuzz-${name}.json`), JSON.stringify({ title, routes: [...this.routes.values()] }, null, 2));
    }
  }
}
