/** The part of `pg` 8 (node-postgres) the benchmarks and the statement counter use (no @types/pg here). */
declare module 'pg' {
  interface QueryConfig {
    name?: string;
    text: string;
    values?: unknown[];
  }
  interface QueryResult {
    rows: Array<Record<string, unknown>>;
    rowCount: number | null;
  }
  interface ClientConfig {
    connectionString?: string;
    options?: string;
    max?: number;
  }
  class Client {
    constructor(config?: ClientConfig);
    connect(): Promise<void>;
    query(text: string | QueryConfig, values?: unknown[]): Promise<QueryResult>;
    end(): Promise<void>;
  }
  class Pool {
    constructor(config?: ClientConfig);
    query(text: string | QueryConfig, values?: unknown[]): Promise<QueryResult>;
    end(): Promise<void>;
  }
  const pg: { Client: typeof Client; Pool: typeof Pool };
  export default pg;
}
