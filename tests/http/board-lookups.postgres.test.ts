import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type LookupsContext, boardLookupsSuite } from '../suites/board-lookups.suite.ts';

const test = anyTest as TestFn<LookupsContext>;

whenPostgres(test, 'board look-ups on PostgreSQL', (url) => {
  const schema = freshSchemaName('lookups');
  boardLookupsSuite(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }));
  test.after.always(() => dropSchema(url, schema));
});
