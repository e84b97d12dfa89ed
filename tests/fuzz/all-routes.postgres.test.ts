import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { runsFor } from './fuzz-settings.ts';
import { type RouteFuzzContext, routeFuzzSuite } from './route-fuzz.suite.ts';

const test = anyTest as TestFn<RouteFuzzContext>;

// PostgreSQL refuses what memory keeps (NUL, broken surrogates, over-long text): the same fuzzing, on it,
// of the families whose values reach the database (valid requests, bodies and queries); paths (ids the
// schema checks) and the transport's own breakage are the store's business nowhere, and are fuzzed on
// memory. A fresh schema every 40 routes keeps the whole-store comparison of every request cheap (the
// dump is one statement); migrating one is most of what a fresh schema costs.
whenPostgres(test, 'route fuzzing on PostgreSQL', (url) => {
  routeFuzzSuite(test, {
    name: 'PostgreSQL',
    runs: runsFor('postgres'),
    routesPerStore: 40,
    families: ['valid', 'body', 'query'],
    open: async () => {
      const schema = freshSchemaName('fuzz');
      return { store: await openMikroOrmPersistence({ kind: 'postgres', url, schema }), dispose: () => dropSchema(url, schema) };
    },
  });
});
