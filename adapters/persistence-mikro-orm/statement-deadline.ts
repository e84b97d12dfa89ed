/**
 * Bounds on a database that stops answering (decision 0087). A server that is alive cancels a
 * statement that runs past `statement_timeout`, and ends a transaction left idle past the same
 * bound plus a margin (its locks go with it). A server that cannot be heard at all (a hung host, a
 * network that drops packets) is bounded on this side: a statement with no answer within the
 * deadline fails, and its connection is destroyed, so that the pool never hands it out again and
 * the server, once the connection closes, rolls the transaction back.
 */

/** The server-side bound when the URL does not say: above the longest lock queue measured under load (decision 0033). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
/** How much longer this side waits than the server would: the server's own cancel, when it can send one, comes first. */
export const CLIENT_DEADLINE_MARGIN_MS = 2_000;

export interface StatementBounds {
  readonly statementTimeoutMs: number;
  readonly clientDeadlineMs: number;
}

/** From the URL's `statement_timeout` (milliseconds, as PostgreSQL's setting), or the default. */
export function statementBounds(url: string): StatementBounds {
  let text: string | null = null;
  try {
    text = new URL(url).searchParams.get('statement_timeout');
  } catch {
    text = null;
  }
  const value = Number(text);
  const statementTimeoutMs = text !== null && Number.isFinite(value) && value > 0 ? Math.round(value) : DEFAULT_STATEMENT_TIMEOUT_MS;
  return { statementTimeoutMs, clientDeadlineMs: statementTimeoutMs + CLIENT_DEADLINE_MARGIN_MS };
}

/** The `pg` client options that set both bounds on every connection of the pool. */
export function boundedConnectionOptions(bounds: StatementBounds) {
  return {
    // Sent as startup parameters: the server enforces them.
    statement_timeout: bounds.statementTimeoutMs,
    idle_in_transaction_session_timeout: bounds.clientDeadlineMs,
    // Enforced by `pg` on this side ("Query read timeout").
    query_timeout: bounds.clientDeadlineMs,
    // A peer that vanished is found by the kernel even on an idle connection.
    keepAlive: true,
  };
}

/** What `pg` says when its own deadline passed before the server answered. */
export const CLIENT_DEADLINE_MESSAGE = 'Query read timeout';

interface PgClient {
  query(...args: unknown[]): unknown;
  /** Set by `pg-pool` on a client it hands out; with an error, the pool drops the client. */
  release(error?: Error): void;
  on(event: 'end', listener: () => void): unknown;
  readonly connection: { readonly stream: { destroy(): void } };
}

interface PgPoolEvents {
  on(event: 'connect' | 'acquire', listener: (client: PgClient) => void): unknown;
  on(event: 'release', listener: (error: Error | undefined, client: PgClient) => void): unknown;
}

/** How long a lost connection's holder has to give it back before the pool takes it back itself. */
export const ABANDONED_RELEASE_MS = 1_000;

/**
 * Keeps the pool whole when the database stops answering. `pg` fails a statement past
 * `query_timeout` but keeps its connection, still waiting for the answer: here that connection
 * is destroyed at once. And a transaction whose connection is lost never gives it back (Kysely
 * releases a transaction's connection only after a ROLLBACK that succeeded, which a lost
 * connection cannot run): a lost connection still checked out a moment later is released here,
 * with its error, so `pg-pool` drops it and opens a fresh one on demand. Without this, every hang
 * would cost the pool one connection for good.
 */
export function dropConnectionsPastDeadline(pool: PgPoolEvents): void {
  const checkedOut = new Set<PgClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    const query = client.query;
    client.query = function (this: PgClient, ...args: unknown[]): unknown {
      const result = query.apply(this, args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === CLIENT_DEADLINE_MESSAGE) client.connection.stream.destroy();
        });
      }
      return result;
    };
    client.on('end', () => {
      setTimeout(() => {
        if (!checkedOut.has(client)) return;
        checkedOut.delete(client);
        client.release(new Error('the connection was lost while checked out'));
      }, ABANDONED_RELEASE_MS).unref();
    });
  });
}
