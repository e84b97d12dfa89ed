import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type ExternalSignInContext, externalSignInSuite } from '../suites/external-sign-in.suite.ts';

const test = anyTest as TestFn<ExternalSignInContext>;

whenPostgres(test, 'external sign-in on PostgreSQL', (url) => {
  const schema = freshSchemaName('external');
  externalSignInSuite(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }));
  test.after.always(() => dropSchema(url, schema));
});
