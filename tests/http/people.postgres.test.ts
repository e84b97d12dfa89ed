import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type PeopleContext, peopleSuite } from '../suites/people.suite.ts';

const test = anyTest as TestFn<PeopleContext>;

whenPostgres(test, 'people on PostgreSQL', (url) => {
  const schema = freshSchemaName('people');
  // Every open is another instance on the same schema: sessions must hold across them.
  peopleSuite(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }), true);
  test.after.always(() => dropSchema(url, schema));
});
