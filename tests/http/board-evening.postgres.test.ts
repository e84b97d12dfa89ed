import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type EveningContext, boardEveningSuite } from '../suites/board-evening.suite.ts';

const test = anyTest as TestFn<EveningContext>;

whenPostgres(test, 'the board on a busy evening, on PostgreSQL', (url) => {
  const schema = freshSchemaName('evening');
  boardEveningSuite(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }));
  test.after.always(() => dropSchema(url, schema));
});
