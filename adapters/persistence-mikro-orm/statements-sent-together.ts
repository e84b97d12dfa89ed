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
 * an error reaching the unit of work: a `commit` answered `ROLLBACK` (the transaction had failed
 * and the failure was caught) is one too.
 */

const HELD = '/* held */ ';
/** `/* held 12 *\/`: a held statement whose answer is awaited, under that number in `answers`. */
const MARK = /^\/\* held(?: (\d+))? \*\/ /;
/** True for held statements; a number for a held statement whose answer is awaited. */
const holding = new AsyncLocalStorage<true | number>();
/** The answers awaited, by number: settled when the message that carried the statement comes back. */
const answers = new Map<number, (result: PgResult) => void>();
let lastAnswer = 0;

/** Runs `work` so that the statements it sends are held for the transaction's next one. */
export function sentWithTheNext<T>(work: () => Promise<T>): Promise<T> {
  return holding.run(true, work);
}

/**
 * As `sentWithTheNext`, for one statement whose answer the caller reads later: `answer` settles
 * with the statement's own result once the message that carried it comes back (with the commit,
 * after it has committed), and never if that message fails or the transaction rolls back.
 */
export function sentWithTheNextAnswered<T>(work: () => Promise<T>): { readonly sent: Promise<T>; readonly answer: Promise<PgResult> } {
  const id = ++lastAnswer;
  const answer = new Promise<PgResult>((resolve) => answers.set(id, resolve));
  return { sent: holding.run(id, work), answer };
}

/** MikroORM's `onQuery`: marks the statements of `sentWithTheNext` work. */
export function markHeld(sql: string): string {
  const store = holding.getStore();
  if (store === undefined) return sql;
  return store === true ? HELD + sql : `/* held ${store} */ ${sql}`;
}

export interface PgResult {
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

/**
 * `begin`, `commit`, `rollback` or `rollback to` when the text is that command, else null: one
 * anchored match, which gives up at the first letter of any other statement (no copy of its text).
 */
export function commandOf(text: string): 'begin' | 'commit' | 'rollback' | 'rollback to' | null {
  const match = /^\s*(begin|commit|rollback(\s+to\s)?)/i.exec(text);
  if (match === null) return null;
  if (match[2] !== undefined) return 'rollback to';
  return /^\s*\w+\s*$/.test(text) ? (match[1]!.toLowerCase() as 'begin' | 'commit' | 'rollback') : null;
}

/**
 * PostgreSQL answers the `commit` of a transaction that has failed with `ROLLBACK`, and no error:
 * a failure that the unit of work caught and went on from. That commit wrote nothing, so it is an
 * error here, and the unit of work fails instead of passing for committed.
 */
export class CommitRolledBack extends Error {
  constructor() {
    super('the transaction had failed: PostgreSQL rolled it back at its commit, and nothing of it was written');
    this.name = 'CommitRolledBack';
  }
}
function committed(result: PgResult): PgResult {
  if (result.command === 'ROLLBACK') throw new CommitRolledBack();
  return result;
}

/** One statement held back, and the number its answer is awaited under, if it is. */
interface Held {
  readonly sql: string;
  readonly answer?: number;
}

/** Held statements that will not be sent: their answers are never awaited again. */
function dropped(held: Held[]): void {
  for (const { answer } of held.splice(0)) if (answer !== undefined) answers.delete(answer);
}

/** Installs the holding on every connection the pool opens. */
export function sendStatementsTogether(pool: PgPoolEvents): void {
  const heldOn = new WeakMap<PgClient, Held[]>();
  // A connection goes back to the pool with nothing held: its transaction ended, so anything still held is moot.
  pool.on('release', (_error, client) => {
    const held = heldOn.get(client);
    if (held !== undefined) dropped(held);
  });
  pool.on('connect', (client) => {
    const send = client.query;
    const held: Held[] = [];
    heldOn.set(client, held);
    /** Sends what is held, then `text` if any, as one message; each awaited answer gets its statement's result. */
    const together = (self: PgClient, text: string | null): Promise<PgResult> => {
      const sent = held.splice(0);
      // Each `;` on a line of its own: a statement that ended in a line comment cannot swallow it.
      const message = [...sent.map((h) => h.sql), ...(text === null ? [] : [text])].join('\n;\n');
      return (send.call(self, message) as Promise<PgResult | PgResult[]>).then(
        (result) => {
          const results = Array.isArray(result) ? result : [result];
          sent.forEach(({ answer }, index) => {
            if (answer === undefined) return;
            answers.get(answer)?.(results[index]!);
            answers.delete(answer);
          });
          return results[results.length - 1]!;
        },
        (error: unknown) => {
          dropped(sent);
          throw error;
        },
      );
    };
    client.query = function (this: PgClient, ...args: unknown[]): unknown {
      const [text, values] = args;
      const plain =
        typeof text === 'string' && args.length <= 2 && (values === undefined || (Array.isArray(values) && values.length === 0));
      if (!plain) {
        // Parameters, a callback or a cursor: whatever is held goes first, as its own message (pg sends in order).
        if (held.length > 0) void together(this, null).catch(() => undefined);
        return send.apply(this, args);
      }
      const mark = MARK.exec(text);
      if (mark !== null) {
        held.push({ sql: text.slice(mark[0].length), ...(mark[1] === undefined ? {} : { answer: Number(mark[1]) }) });
        return Promise.resolve(answered('INSERT', 1));
      }
      const command = commandOf(text);
      /** Nothing has reached the server since `begin`: there is no transaction there to end. */
      const unsent = held[0]?.sql === 'begin';
      if (command === 'begin' && held.length === 0) {
        held.push({ sql: 'begin' });
        return Promise.resolve(answered('BEGIN', null));
      }
      if (command === 'rollback' || command === 'rollback to') {
        // Held writes of a transaction or a savepoint that rolls back are never sent. Everything held
        // at a `rollback to` came after its savepoint: the `savepoint` statement took what was held before.
        dropped(held);
        return command === 'rollback' && unsent ? Promise.resolve(answered('ROLLBACK', null)) : send.apply(this, args);
      }
      if (command === 'commit' && unsent && held.length === 1) {
        dropped(held);
        return Promise.resolve(answered('COMMIT', null));
      }
      const result = held.length === 0 ? (send.apply(this, args) as Promise<PgResult>) : together(this, text);
      return command === 'commit' ? result.then(committed) : result;
    };
  });
}
