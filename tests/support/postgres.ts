import { randomBytes } from 'node:crypto';
import type { TestFn } from 'ava';
import { MikroORM } from '@mikro-orm/postgresql';

/** The PostgreSQL server tests may use; CI always sets it. */
export const DATABASE_URL = process.env['DATABASE_URL'];

/** A schema name no other run uses; tests create it through the adapter's migrations. */
export function freshSchemaName(label: string): string {
  return `test_${label}_${randomBytes(5).toString('hex')}`;
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const orm = await MikroORM.init({ clientUrl: url, entities: [], discovery: { warnWhenNoEntities: false } });
  try {
    await orm.em.getConnection().execute(`drop schema if exists "${schema}" cascade`);
  } finally {
    await orm.close(true);
  }
}

/**
 * Registers the group only when PostgreSQL is configured; otherwise one skipped test says so, so
 * the summary shows the gap instead of hiding it.
 */
export function whenPostgres<Context>(test: TestFn<Context>, group: string, register: (url: string) => void): void {
  if (DATABASE_URL === undefined) {
    test.skip(`${group}: SKIPPED, set DATABASE_URL to a PostgreSQL server to run it`, () => undefined);
    return;
  }
  register(DATABASE_URL);
}
