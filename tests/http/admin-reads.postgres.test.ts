import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type ReadsContext, adminReadsSuite } from '../suites/admin-reads.suite.ts';

const test = anyTest as TestFn<ReadsContext>;

whenPostgres(test, 'operator reads on PostgreSQL', (url) => {
  const schema = freshSchemaName('reads');
  adminReadsSuite(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }));
  test.after.always(() => dropSchema(url, schema));
});
