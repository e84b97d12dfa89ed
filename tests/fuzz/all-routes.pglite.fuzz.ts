import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { runsFor } from './fuzz-settings.ts';
import { type RouteFuzzContext, routeFuzzSuite } from './route-fuzz.suite.ts';

// The embedded store, PGlite in memory: only in `npm run fuzz` (it is the slowest of the three, and CI has PostgreSQL).
routeFuzzSuite(anyTest as TestFn<RouteFuzzContext>, {
  name: 'embedded PGlite',
  runs: runsFor('pglite'),
  open: () => openMikroOrmPersistence({ kind: 'pglite' }),
});
