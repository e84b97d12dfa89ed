import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { runsFor } from './fuzz-settings.ts';
import { type RouteFuzzContext, routeFuzzSuite } from './route-fuzz.suite.ts';

const test = anyTest as TestFn<RouteFuzzContext>;

// PostgreSQL refuses what memory keeps (NUL, broken surrogates, over-long text): the same fuzzing, on it.
// A fresh schema every few routes keeps the whole-store comparison of every request cheap.
whenPostgres(test, 'route fuzzing on PostgreSQL', (url) => {
  routeFuzzSuite(test, {
    name: 'PostgreSQL',
    runs: runsFor('postgres'),
    routesPerStore: 4,
    open: async () => {
      const schema = freshSchemaName('fuzz');
      return { store: await openMikroOrmPersistence({ kind: 'postgres', url, schema }), dispose: () => dropSchema(url, schema) };
    },
  });
});
