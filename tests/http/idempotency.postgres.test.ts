import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type IdempotencyContext, idempotencySuite } from '../suites/idempotency.suite.ts';

const test = anyTest as TestFn<IdempotencyContext>;

whenPostgres(test, 'Idempotency-Key on PostgreSQL', (url) => {
  const schema = freshSchemaName('idempotency');
  idempotencySuite(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }), 'postgres');
  test.after.always(() => dropSchema(url, schema));
});
