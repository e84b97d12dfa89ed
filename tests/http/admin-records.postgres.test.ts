import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type AdminRecordsContext, adminRecordsSuite } from '../suites/admin-records.suite.ts';

const test = anyTest as TestFn<AdminRecordsContext>;

whenPostgres(test, 'the operator’s civilian records on PostgreSQL', (url) => {
  const schema = freshSchemaName('records');
  adminRecordsSuite(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }));
  test.after.always(() => dropSchema(url, schema));
});
