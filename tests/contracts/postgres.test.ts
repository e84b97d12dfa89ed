import anyTest from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import type { ContractTest } from './suites/contract-test.ts';
import { runPersistenceContracts } from './suites/index.ts';

const test = anyTest as ContractTest;

whenPostgres(test, 'persistence contracts on PostgreSQL', (url) => {
  const schema = freshSchemaName('contracts');
  runPersistenceContracts(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }));
  test.after.always(() => dropSchema(url, schema));
});
