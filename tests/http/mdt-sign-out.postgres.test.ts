import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type MdtSignOutContext, mdtSignOutSuite } from '../suites/mdt-sign-out.suite.ts';

const test = anyTest as TestFn<MdtSignOutContext>;

whenPostgres(test, 'MDT sign-out on PostgreSQL', (url) => {
  const schema = freshSchemaName('mdt_sign_out');
  mdtSignOutSuite(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }));
  test.after.always(() => dropSchema(url, schema));
});
