import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type TrustedLinkContext, trustedLinkSuite } from '../suites/trusted-link.suite.ts';

const test = anyTest as TestFn<TrustedLinkContext>;

whenPostgres(test, 'trusted-identity links on PostgreSQL', (url) => {
  const schema = freshSchemaName('trusted');
  trustedLinkSuite(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }));
  test.after.always(() => dropSchema(url, schema));
});
