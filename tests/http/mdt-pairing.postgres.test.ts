import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type MdtPairingContext, mdtPairingSuite } from '../suites/mdt-pairing.suite.ts';

const test = anyTest as TestFn<MdtPairingContext>;

whenPostgres(test, 'MDT pairing on PostgreSQL', (url) => {
  const schema = freshSchemaName('mdt_pairing');
  mdtPairingSuite(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }));
  test.after.always(() => dropSchema(url, schema));
});
