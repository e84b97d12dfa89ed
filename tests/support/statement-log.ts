import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';

/**
 * Every statement the process sends to PostgreSQL, as the driver sends it: a wrapper on the `pg`
 * client's `query` (the PostgreSQL server) and on PGlite's `query` (the embedded store), so
 * `begin`, `commit` and the ORM's own statements all count. Statements are recorded while the log
 * is open; `during` returns those sent while an action ran (run one request at a time).
 */
export interface StatementLog {
  during(action: () => Promise<unknown>): Promise<string[]>;
  close(): void;
}

type Query = (this: unknown, ...args: unknown[]) => unknown;

/** The `pg` driver MikroORM's PostgreSQL connection uses (the package ships no types). */
const pg = createRequire(import.meta.url)('pg') as { Client: { prototype: { query: Query } } };

function textOf(first: unknown): string {
  if (typeof first === 'string') return first;
  if (first !== null && typeof first === 'object' && 'text' in first) return String((first as { text: unknown }).text);
  return String(first);
}

/** One statement on one line, without the column lists: enough to read which statement it is. */
export function shorten(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim();
}

export function openStatementLog(): StatementLog {
  const seen: string[] = [];
  const patched: Array<{ target: { query: Query }; original: Query }> = [];
  for (const target of [pg.Client.prototype, PGlite.prototype] as unknown as Array<{ query: Query }>) {
    const original = target.query;
    target.query = function (this: unknown, ...args: unknown[]) {
      seen.push(shorten(textOf(args[0])));
      return original.apply(this, args);
    };
    patched.push({ target, original });
  }
  // PGlite runs a transaction through `transaction(callback)`: it sends `begin` and `commit` (or
  // `rollback`) itself and the statements inside go through the callback's own `query`.
  const pglite = PGlite.prototype as unknown as { transaction: Query };
  const transaction = pglite.transaction;
  pglite.transaction = function (this: unknown, ...args: unknown[]) {
    const work = args[0] as (tx: { query: Query }) => Promise<unknown>;
    seen.push('begin');
    const counted = async (tx: { query: Query }) => {
      const query = tx.query;
      tx.query = function (this: unknown, ...inner: unknown[]) {
        seen.push(shorten(textOf(inner[0])));
        return query.apply(this, inner);
      };
      return work(tx);
    };
    const result = transaction.apply(this, [counted, ...args.slice(1)]) as Promise<unknown>;
    return result.then(
      (value) => (seen.push('commit'), value),
      (error: unknown) => {
        seen.push('rollback');
        throw error;
      },
    );
  };
  return {
    async during(action) {
      const from = seen.length;
      await action();
      return seen.slice(from);
    },
    close() {
      pglite.transaction = transaction;
      for (const { target, original } of patched.slice(0, 2)) target.query = original;
    },
  };
}
