import { createRequire } from 'node:module';
import { connectTimeoutMs } from './connect-timeout.ts';
import type { NativeStatements } from './lean-reads.ts';
import { boundedConnectionOptions, dropConnectionsPastDeadline, statementBounds } from './statement-deadline.ts';

/** Connections of the issuer's own: numbers are taken one statement at a time, so two serve many writers. */
const ISSUER_CONNECTIONS = 2;

/** What the issuer uses of `pg`'s pool. */
interface IssuerPool extends NativeStatements {
  on(event: 'error', listener: (error: Error) => void): unknown;
  end(): Promise<void>;
}
type PoolClass = new (options: Record<string, unknown>) => IssuerPool;

export interface NumberIssuer {
  readonly statements: NativeStatements;
  close(): Promise<void>;
}

/**
 * A small pool of its own on the same PostgreSQL database and schema, with the main pool's
 * deadlines, for record numbers issued outside the writer's transaction (decision 0146). Apart from
 * the main pool so that writers holding all of its connections never wait for one of them to
 * take a number. A connection that fails is dropped by the pool and the next statement opens another.
 */
export function numberIssuer(url: string, schema: string | undefined): NumberIssuer {
  // `pg` is the driver MikroORM runs on PostgreSQL; loaded as its CommonJS self (this project has no
  // types for it), and only when a PostgreSQL store opens.
  const { Pool } = createRequire(import.meta.url)('pg') as { Pool: PoolClass };
  const pool = new Pool({
    connectionString: url,
    max: ISSUER_CONNECTIONS,
    connectionTimeoutMillis: connectTimeoutMs(url),
    ...boundedConnectionOptions(statementBounds(url)),
    // A bump commits without waiting for its WAL flush (or a synchronous standby): the write that
    // uses the number flushes it with its own commit, which comes later in the log. A number whose
    // write never committed may be lost in a crash and handed out again, which is no loss.
    options: ['-c synchronous_commit=off', ...(schema === undefined ? [] : [`-c search_path="${schema}"`])].join(' '),
  });
  // An idle connection that fails is dropped by the pool; the error is not the process's.
  pool.on('error', () => undefined);
  dropConnectionsPastDeadline(pool as never);
  return { statements: pool, close: () => pool.end() };
}
