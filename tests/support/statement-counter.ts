/**
 * Counts the messages this process sends to PostgreSQL, on the client connection: every
 * statement of node-postgres (which MikroORM's PostgreSQL driver uses underneath) passes through
 * `Client.prototype.query`, so observing it there sees exactly what goes over the wire, including
 * `begin` and `commit`. It only listens; every call goes on to the driver unchanged.
 */
import pg from 'pg';

export interface StatementTally {
  /** Every message's text, in the order sent (statements sent together are one text, decision 0148). */
  readonly statements: readonly string[];
  /** Round trips: messages sent. */
  readonly total: number;
  /**
   * Round trips of open transactions that carried a statement of their own: a bare `begin` or
   * `commit` does not count, `begin` sent with a read or `commit` with held writes does.
   */
  readonly inTransaction: number;
  readonly transactions: number;
}

export interface StatementCounter {
  /** Starts a new recording. */
  start(): void;
  /** Stops recording and returns what was sent since `start`. */
  stop(): StatementTally;
  /** Puts the driver back as it was. */
  detach(): void;
}

const textOf = (config: unknown): string =>
  typeof config === 'string'
    ? config
    : typeof (config as { text?: unknown })?.text === 'string'
      ? (config as { text: string }).text
      : '<unknown>';

/** One message as sent, and the connection that sent it. */
interface Sent {
  readonly sql: string;
  readonly connection: unknown;
}

const opens = (sql: string) => /^\s*(begin|start\s+transaction)\b/i.test(sql);
const ends = (sql: string) => /(^|;)\s*(commit|rollback)\s*$/i.test(sql);
const bare = (sql: string) => /^\s*(begin|start\s+transaction[^;]*|commit|rollback)\s*$/i.test(sql);

/**
 * Counts per connection: a message is inside a transaction when its own connection has one open
 * (a record number issued on the number issuer's connection is outside the writer's transaction,
 * decision 0146, even when it is sent between that transaction's `begin` and `commit`).
 */
function tally(sent: readonly Sent[]): StatementTally {
  let inTransaction = 0;
  let transactions = 0;
  const open = new Set<unknown>();
  for (const { sql, connection } of sent) {
    if (opens(sql)) {
      open.add(connection);
      transactions++;
    }
    if (open.has(connection) && !bare(sql)) inTransaction++;
    if (ends(sql)) open.delete(connection);
  }
  return { statements: sent.map((s) => s.sql), total: sent.length, inTransaction, transactions };
}

/** Attaches the counter to node-postgres in this process. */
export function attachStatementCounter(): StatementCounter {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  let recording: Sent[] | null = null;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    recording?.push({ sql: textOf(args[0]), connection: this });
    return original.apply(this, args);
  };
  return {
    start: () => {
      recording = [];
    },
    stop: () => {
      const sent = recording ?? [];
      recording = null;
      return tally(sent);
    },
    detach: () => {
      prototype.query = original;
    },
  };
}
