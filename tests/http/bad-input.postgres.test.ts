import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type BadInputContext, badInputSuite } from '../suites/bad-input.suite.ts';

const test = anyTest as TestFn<BadInputContext>;

whenPostgres(test, 'bad input on PostgreSQL', (url) => {
  const schema = freshSchemaName('badinput');
  badInputSuite(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }), 'postgres');
  test.after.always(() => dropSchema(url, schema));
});
