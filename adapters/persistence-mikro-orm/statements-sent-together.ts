import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A transaction's statements sent together (decision 0148). Each statement of a write used to be a
 * round trip of its own: `begin`, the reads, each write, the audit entry, `commit`. Under load each
 * round trip also waits its turn in the service's event loop, and the rows the write locked stay
 * locked all that time. Here, on PostgreSQL's `pg` connections:
 *
 * - `begin` is not sent alone: it goes with the transaction's first statement;
 * - a write whose answer nothing reads (marked by `sentWithTheNext`) is held, answered at once,
 *   and sent with the transaction's next statement, or with its `commit`;
 * - a `commit` (or `rollback`) with nothing sent since `begin` is not sent at all.
 *
 * Statements sent together go as one simple-protocol message (MikroORM puts every value into the
 * text already, as literals it escapes, so no statement here carries parameters). PostgreSQL runs
 * them in order and stops at the first that fails: its error is the answer to the statement that
 * carried them (the read, or the `commit`), the transaction is then aborted, and the caller's
 * rollback undoes it. Nothing is written that the commit did not accept, and nothing fails without
 * an error reaching the unit of work.
 */

const HELD = '/* held */ ';
const holding = new AsyncLocalStorage<boolean>();

/** Runs `work` so that the statements it sends are held for the transaction's next one. */
export function sentWithTheNext<T>(work: () => Promise<T>): Promise<T> {
  return holding.run(true, work);
}

/** MikroORM's `onQuery`: marks the statements of `sentWithTheNext` work. */
export function markHeld(sql: string): string {
  return holding.getStore() === true ? HELD + sql : sql;
}

interface PgResult {
  readonly command: string | null;
  readonly rowCount: number | null;
  readonly rows: unknown[];
  readonly fields: unknown[];
}
const answered = (command: string, rowCount: number | null): PgResult => ({ command, rowCount, rows: [], fields: [] });

type Query = (...args: unknown[]) => unknown;
interface PgClient {
  query: Query;
}
interface PgPoolEvents {
  on(event: 'connect', listener: (client: PgClient) => void): unknown;
  on(event: 'release', listener: (error: Error | undefined, client: PgClient) => void): unknown;
}

const isCommand = (text: string, command: string) => text.trim().toLowerCase() === command;

/** Installs the holding on every connection the pool opens. */
export function sendStatementsTogether(pool: PgPoolEvents): void {
  const heldOn = new WeakMap<PgClient, string[]>();
  // A connection goes back to the pool with nothing held: its transaction ended, so anything still held is moot.
  pool.on('release', (_error, client) => heldOn.get(client)?.splice(0));
  pool.on('connect', (client) => {
    const send = client.query;
    const held: string[] = [];
    heldOn.set(client, held);
    client.query = function (this: PgClient, ...args: unknown[]): unknown {
      const [text, values] = args;
      const plain =
        typeof text === 'string' && args.length <= 2 && (values === undefined || (Array.isArray(values) && values.length === 0));
      if (!plain) {
        // Parameters, a callback or a cursor: whatever is held goes first, as its own message (pg sends in order).
        if (held.length > 0) void Promise.resolve(send.call(this, held.splice(0).join(';\n'))).catch(() => undefined);
        return send.apply(this, args);
      }
      if (text.startsWith(HELD)) {
        held.push(text.slice(HELD.length));
        return Promise.resolve(answered('INSERT', 1));
      }
      if (isCommand(text, 'begin') && held.length === 0) {
        held.push(text);
        return Promise.resolve(answered('BEGIN', null));
      }
      const ends = isCommand(text, 'commit') || isCommand(text, 'rollback');
      if (ends && held.length > 0 && isCommand(held[0]!, 'begin')) {
        // Nothing reached the server since `begin`: no transaction to end there.
        const nothingElse = held.length === 1 || isCommand(text, 'rollback');
        if (nothingElse) {
          held.splice(0);
          return Promise.resolve(answered(text.trim().toUpperCase(), null));
        }
      }
      if (held.length === 0) return send.apply(this, args);
      if (isCommand(text, 'rollback')) {
        // Held writes of a transaction that rolls back are never sent.
        held.splice(0);
        return send.apply(this, args);
      }
      const together = [...held.splice(0), text].join(';\n');
      return (send.call(this, together) as Promise<PgResult | PgResult[]>).then((result) =>
        Array.isArray(result) ? result[result.length - 1]! : result,
      );
    };
  });
}
