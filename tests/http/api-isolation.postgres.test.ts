import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type ApiIsolationContext, apiIsolationSuite } from '../suites/api-isolation.suite.ts';

const test = anyTest as TestFn<ApiIsolationContext>;

whenPostgres(test, 'API isolation on PostgreSQL', (url) => {
  const schema = freshSchemaName('api_isolation');
  apiIsolationSuite(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }));
  test.after.always(() => dropSchema(url, schema));
});
