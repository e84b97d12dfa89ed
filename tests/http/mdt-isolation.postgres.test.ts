import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type MdtIsolationContext, mdtIsolationSuite } from '../suites/mdt-isolation.suite.ts';

const test = anyTest as TestFn<MdtIsolationContext>;

whenPostgres(test, 'MDT isolation on PostgreSQL', (url) => {
  const schema = freshSchemaName('mdt_isolation');
  mdtIsolationSuite(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }));
  test.after.always(() => dropSchema(url, schema));
});
