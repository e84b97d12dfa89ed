import pg from 'pg';

/** What one sample saw a client backend of the benchmark's database doing. */
type Seen = string;

export interface WaitProfile {
  /** How many times the backends were sampled. */
  readonly samples: number;
  /** Of all backend observations, the share (0..1) in each state: `active`, `idle in transaction`, or waiting on a named event. */
  readonly shares: Readonly<Record<Seen, number>>;
  /** Locks asked for and not yet granted, by kind and table, counted over all samples. */
  readonly lockWaits: Readonly<Record<string, number>>;
  /** The mean number of the service's backends inside a transaction, per sample. */
  readonly meanInTransaction: number;
  /** The statements that waited on a lock, by their first words, counted over all samples. */
  readonly waitingStatements: Readonly<Record<string, number>>;
  /** What the holders of the locks waited for were doing, as shares (0..1) of all blocker observations. */
  readonly blockers: Readonly<Record<Seen, number>>;
}

/**
 * Samples PostgreSQL's view of the service's connections while a load runs: every `everyMs`,
 * `pg_stat_activity` (what each backend of the database does: running a statement, waiting on a
 * lock or on the client, idle inside a transaction) and `pg_locks` (who waits for which lock). The
 * profile says where a write's time goes on the server's side: a backend "idle in transaction" is
 * waiting for the service's next statement of an open transaction (a round trip), one waiting on
 * `Lock:transactionid` or `Lock:tuple` queues behind another transaction's row lock.
 * It counts every client of the database: run the benchmark on a database nothing else uses.
 */
export class WaitSampler {
  private readonly client: InstanceType<typeof pg.Client>;
  private timer: NodeJS.Timeout | undefined;
  private samples = 0;
  private observations = 0;
  private inTransaction = 0;
  private readonly seen = new Map<Seen, number>();
  private readonly locks = new Map<string, number>();
  private readonly blocking = new Map<Seen, number>();
  private readonly waitingStatements = new Map<string, number>();
  private busy = false;

  private constructor(url: string) {
    this.client = new pg.Client({ connectionString: url });
  }

  static async open(url: string): Promise<WaitSampler> {
    const sampler = new WaitSampler(url);
    await sampler.client.connect();
    return sampler;
  }

  start(everyMs = 10): void {
    this.samples = 0;
    this.observations = 0;
    this.inTransaction = 0;
    this.seen.clear();
    this.locks.clear();
    this.blocking.clear();
    this.waitingStatements.clear();
    this.timer = setInterval(() => void this.sample(), everyMs);
  }

  stop(): WaitProfile {
    clearInterval(this.timer);
    const shares: Record<Seen, number> = {};
    for (const [what, n] of [...this.seen].sort((a, b) => b[1] - a[1])) shares[what] = n / Math.max(1, this.observations);
    const blocked = [...this.blocking.values()].reduce((a, b) => a + b, 0);
    const blockers = Object.fromEntries([...this.blocking].sort((a, b) => b[1] - a[1]).map(([what, n]) => [what, n / blocked]));
    return {
      blockers,
      waitingStatements: Object.fromEntries([...this.waitingStatements].sort((a, b) => b[1] - a[1])),
      samples: this.samples,
      shares,
      lockWaits: Object.fromEntries([...this.locks].sort((a, b) => b[1] - a[1])),
      meanInTransaction: this.inTransaction / Math.max(1, this.samples),
    };
  }

  close = () => this.client.end();

  private async sample(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const activity = await this.client.query(
        `select state, case when wait_event_type is null then null else wait_event_type || ':' || wait_event end as wait,
           xact_start is not null as xact,
           case when wait_event_type = 'Lock' then left(regexp_replace(query, '\\s+', ' ', 'g'), 40) end as blocked
         from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      const locks = await this.client.query(
        `select l.locktype || coalesce(':' || (select c.relname from pg_class c where c.oid = l.relation), '') as what
         from pg_locks l join pg_stat_activity a on a.pid = l.pid
         where not l.granted and a.datname = current_database() and l.pid <> pg_backend_pid()`,
      );
      const holders = await this.client.query(
        `select b.state, case when b.wait_event_type is null then null else b.wait_event_type || ':' || b.wait_event end as wait
         from pg_stat_activity a cross join lateral unnest(pg_blocking_pids(a.pid)) as h(pid)
         join pg_stat_activity b on b.pid = h.pid
         where a.datname = current_database() and a.pid <> pg_backend_pid()`,
      );
      for (const row of holders.rows as Array<{ state: string | null; wait: string | null }>) {
        const what = row.state === 'active' ? (row.wait === null ? 'running' : `waiting ${row.wait}`) : (row.state ?? 'unknown');
        this.blocking.set(what, (this.blocking.get(what) ?? 0) + 1);
      }
      const rows = activity.rows as Array<{ state: string | null; wait: string | null; xact: boolean; blocked: string | null }>;
      const waiting = locks.rows as Array<{ what: string }>;
      this.samples += 1;
      for (const row of rows) {
        if (row.xact) this.inTransaction += 1;
        if (row.blocked !== null) this.waitingStatements.set(row.blocked, (this.waitingStatements.get(row.blocked) ?? 0) + 1);
        // An idle backend outside a transaction is a pooled connection nobody uses: not counted.
        if (row.state === 'idle') continue;
        this.observations += 1;
        const what = row.state === 'active' ? (row.wait === null ? 'running' : `waiting ${row.wait}`) : (row.state ?? 'unknown');
        this.seen.set(what, (this.seen.get(what) ?? 0) + 1);
      }
      for (const row of waiting) this.locks.set(row.what, (this.locks.get(row.what) ?? 0) + 1);
    } finally {
      this.busy = false;
    }
  }
}

/** One line for a printed table: the top shares as percentages. */
export function describeWaits(profile: WaitProfile): string {
  const top = Object.entries(profile.shares)
    .slice(0, 4)
    .map(([what, share]) => `${what} ${(share * 100).toFixed(0)}%`);
  const locks = Object.entries(profile.lockWaits)
    .slice(0, 2)
    .map(([what, n]) => `${what} x${n}`);
  const holders = Object.entries(profile.blockers)
    .slice(0, 2)
    .map(([what, share]) => `${what} ${(share * 100).toFixed(0)}%`);
  return [
    `${profile.meanInTransaction.toFixed(1)} in transaction`,
    ...top,
    ...(locks.length === 0 ? [] : [`lock waits: ${locks.join(', ')}`]),
    ...(holders.length === 0 ? [] : [`the holders: ${holders.join(', ')}`]),
    ...Object.entries(profile.waitingStatements)
      .slice(0, 2)
      .map(([sql, n]) => `\`${sql}...\` waited x${n}`),
  ].join('; ');
}
