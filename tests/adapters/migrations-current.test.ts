import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/pglite';
import test from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { migrations } from '../../adapters/persistence-mikro-orm/migrations/index.ts';

/** Raw SQL on the data directory, beside the store (never at the same time: one process per directory). */
async function sql<Row>(dataDir: string, statements: string[]): Promise<Row[]> {
  const orm = await MikroORM.init({ entities: [], discovery: { warnWhenNoEntities: false }, dbName: dataDir });
  try {
    let rows: Row[] = [];
    for (const statement of statements) rows = await orm.em.getConnection().execute<Row[]>(statement);
    return rows;
  } finally {
    await orm.close(true);
  }
}

test('a store that lacks a migration still gets it when it is opened; a current one opens as it is', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'cad-migrations-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  await (await openMikroOrmPersistence({ kind: 'pglite', dataDir })).close();
  const applied = await sql<{ name: string; executed_at: string }>(dataDir, [
    'select name, executed_at from mikro_orm_migrations order by id',
  ]);
  t.is(applied.at(-1)?.name, migrations.at(-1)?.name);

  // Current: opening again changes nothing and the store works.
  const again = await openMikroOrmPersistence({ kind: 'pglite', dataDir });
  await again.ping();
  await again.close();
  t.deepEqual(await sql(dataDir, ['select name, executed_at from mikro_orm_migrations order by id']), applied);

  // One migration short, as a store written by an older build: opening applies it.
  await sql(dataDir, [
    'alter table operator_keys drop column awaiting_display',
    "delete from mikro_orm_migrations where name = '0005-bootstrap-key-display'",
  ]);
  await (await openMikroOrmPersistence({ kind: 'pglite', dataDir })).close();
  const names = await sql<{ name: string }>(dataDir, ['select name from mikro_orm_migrations order by id']);
  t.is(names.at(-1)?.name, '0005-bootstrap-key-display');
  const column = await sql(dataDir, [
    "select column_name from information_schema.columns where table_name = 'operator_keys' and column_name = 'awaiting_display'",
  ]);
  t.is(column.length, 1);
});
