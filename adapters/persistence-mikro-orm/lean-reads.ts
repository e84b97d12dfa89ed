import type { EntityClass, EntityProperty, MetadataStorage } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import type { OrmSession } from './orm-session.ts';
import { rawBoolean, rawDate, rawNumber } from './raw-values.ts';

/**
 * The driver under MikroORM, as the lean read path uses it: `pg`'s pool (a named statement is
 * parsed and planned once per connection) or PGlite (one connection; its `query` sends the
 * statement with its parameters and waits for any transaction in progress).
 */
export interface NativeStatements {
  query<Row>(statement: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}

/** One read statement: written with MikroORM's `?` placeholders, sent natively with `$1`, `$2`, ... */
export class LeanStatement {
  readonly text: string;

  constructor(
    readonly name: string,
    readonly sql: string,
  ) {
    let n = 0;
    this.text = sql.replace(/\?/g, () => `$${++n}`);
  }
}

/**
 * Hot reads at the driver's own speed (decision 0053): outside a unit of work a statement goes
 * straight to the driver with its parameters, with no entity manager, query builder, identity map
 * or hydration; inside one it joins the transaction through the entity manager, so it sees the
 * transaction's writes and takes part in its locks.
 */
export class LeanReads {
  /** Every statement made, by name: each is built once, and a name always means one text. */
  private readonly statements = new Map<string, LeanStatement>();

  constructor(
    private readonly session: OrmSession,
    private readonly metadata: MetadataStorage,
    private readonly native: NativeStatements | null,
  ) {}

  /** The statement called `name` (prefixed `cad_` on the driver), built by `sql` the first time it is asked for. */
  statement(name: string, sql: () => string): LeanStatement {
    let statement = this.statements.get(name);
    if (statement === undefined) {
      statement = new LeanStatement(`cad_${name}`, sql());
      this.statements.set(name, statement);
    }
    return statement;
  }

  async rows<Row>(statement: LeanStatement, values: unknown[]): Promise<Row[]> {
    if (this.native !== null && !this.session.inUnitOfWork) {
      return (await this.native.query<Row>({ name: statement.name, text: statement.text, values })).rows;
    }
    return (this.session.em() as unknown as SqlEntityManager).execute<Row[]>(statement.sql, values);
  }

  /** A table read with lean statements into its domain objects, through the same mapper as the ORM's reads. */
  table<Record extends object, Entity>(record: EntityClass<Record>, toEntity: (record: Record) => Entity): LeanTable<Record, Entity> {
    return new LeanTable(this, this.metadata.get(record), toEntity);
  }
}

interface TableShape {
  readonly tableName: string;
  readonly props: readonly EntityProperty[];
}

/** A column of a raw row as the record's property holds it (the drivers give timestamps, and on PostgreSQL bigints, as text). */
function readerOf(prop: EntityProperty): (value: unknown) => unknown {
  const read = (value: unknown): unknown => {
    switch (prop.runtimeType) {
      case 'Date':
        return rawDate(value);
      case 'boolean':
        return rawBoolean(value);
      case 'number':
        return rawNumber(value);
      case 'string':
        return String(value);
      default:
        return value;
    }
  };
  return (value) => (value == null ? null : read(value));
}

export class LeanTable<Record extends object, Entity> {
  private readonly columns: string;
  private readonly readers: readonly (readonly [string, (value: unknown) => unknown])[];

  constructor(
    private readonly reads: LeanReads,
    private readonly shape: TableShape,
    private readonly toEntity: (record: Record) => Entity,
  ) {
    const scalars = shape.props.filter((prop) => prop.kind === 'scalar' && prop.persist !== false);
    this.columns = scalars.map((prop) => `t.${prop.fieldNames[0]} as "${prop.name}"`).join(', ');
    this.readers = scalars.map((prop) => [prop.name, readerOf(prop)] as const);
  }

  /** `select <every column> from <table> t where <where>`; `where` may go on with `order by` and `limit`. */
  statement(name: string, where: string | (() => string)): LeanStatement {
    const clause = typeof where === 'string' ? () => where : where;
    return this.reads.statement(name, () => `select ${this.columns} from ${this.shape.tableName} t where ${clause()}`);
  }

  async many(statement: LeanStatement, values: unknown[]): Promise<Entity[]> {
    const rows = await this.reads.rows<{ [column: string]: unknown }>(statement, values);
    return rows.map((row) => this.toEntity(this.recordOf(row)));
  }

  async one(statement: LeanStatement, values: unknown[]): Promise<Entity | null> {
    const [first] = await this.many(statement, values);
    return first ?? null;
  }

  private recordOf(row: { [column: string]: unknown }): Record {
    const record: { [property: string]: unknown } = {};
    for (const [name, read] of this.readers) record[name] = read(row[name]);
    return record as Record;
  }
}
