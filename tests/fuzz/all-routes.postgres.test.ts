import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { runsFor } from './fuzz-settings.ts';
import { type RouteFuzzContext, routeFuzzSuite } from './route-fuzz.suite.ts';

const test = anyTest as TestFn<RouteFuzzContext>;

// PostgreSQL refuses what memory keeps (NUL, broken surrogates, over-long text): the same fuzzing, on it.
whenPostgres(test, 'route fuzzing on PostgreSQL', (url) => {
  const schema = freshSchemaName('fuzz');
  routeFuzzSuite(test, {
    name: 'PostgreSQL',
    runs: runsFor('postgres'),
    open: () => openMikroOrmPersistence({ kind: 'postgres', url, schema }),
  });
  test.after.always(() => dropSchema(url, schema));
});
