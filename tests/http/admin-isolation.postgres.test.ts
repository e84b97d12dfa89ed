import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type IsolationContext, adminIsolationSuite } from '../suites/admin-isolation.suite.ts';

const test = anyTest as TestFn<IsolationContext>;

whenPostgres(test, 'operator isolation on PostgreSQL', (url) => {
  const schema = freshSchemaName('isolation');
  adminIsolationSuite(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }));
  test.after.always(() => dropSchema(url, schema));
});
