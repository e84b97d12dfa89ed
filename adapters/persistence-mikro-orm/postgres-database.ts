import type { MikroORM } from '@mikro-orm/core';

/** PostgreSQL's code for a connection to a database that does not exist. */
const INVALID_CATALOG_NAME = '3D000';

/**
 * The database named in the URL does not exist, and the service was not told to create it. A
 * misspelt name must not silently become a new, empty database with a new bootstrap key.
 */
export class DatabaseMissing extends Error {
  constructor(
    readonly database: string,
    readonly server: string,
  ) {
    super(
      `the database "${database}" does not exist on the PostgreSQL server ${server}. Check the name in DATABASE_URL; ` +
        'to create a new database there, start once with CAD_CREATE_DATABASE=true',
    );
    this.name = 'DatabaseMissing';
  }
}

/** What happened to the database while it was opened and migrated: told once, for the service's log. */
export interface DatabaseNotice {
  /** The database's name, and for PostgreSQL the server as `host:port` (never the credentials). */
  readonly database: string;
  readonly server: string | null;
  /** True when this start created the database (PostgreSQL with CAD_CREATE_DATABASE=true). */
  readonly created: boolean;
  /** The migrations this start applied, oldest first; empty when the schema was current. */
  readonly migrated: readonly string[];
}

/** `host:port` of a PostgreSQL URL, without user or password. */
export function serverOf(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return `${hostname || 'localhost'}:${port || '5432'}`;
  } catch {
    return 'the configured server';
  }
}

/** `cad on db.example:5432`: the database a PostgreSQL URL names, for the operator's log. */
export function describePostgresDatabase(url: string): string {
  let name = '';
  try {
    const parsed = new URL(url);
    name = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || decodeURIComponent(parsed.username);
  } catch {
    // The configuration check accepts only postgres:// URLs; a URL it cannot parse is named by its server alone.
  }
  return `${name} on ${serverOf(url)}`;
}

/**
 * Makes sure the ORM's database exists: refuses with `DatabaseMissing` unless `create` is set, in
 * which case it creates it. Answers whether it was created.
 */
export async function ensurePostgresDatabase(orm: MikroORM, url: string, create: boolean): Promise<boolean> {
  try {
    await orm.em.getConnection().execute('select 1');
    return false;
  } catch (error) {
    if ((error as { code?: unknown }).code !== INVALID_CATALOG_NAME) throw error;
  }
  const database = String(orm.config.get('dbName'));
  if (!create) throw new DatabaseMissing(database, serverOf(url));
  return orm.schema.ensureDatabase();
}
