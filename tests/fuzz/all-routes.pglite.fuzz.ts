import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { runsFor } from './fuzz-settings.ts';
import { type RouteFuzzContext, routeFuzzSuite } from './route-fuzz.suite.ts';

// The embedded store, PGlite in memory: only in `npm run fuzz` (it is the slowest of the three, and CI has PostgreSQL).
// A fresh database every few routes keeps the whole-store comparison of every request cheap.
routeFuzzSuite(anyTest as TestFn<RouteFuzzContext>, {
  name: 'embedded PGlite',
  runs: runsFor('pglite'),
  routesPerStore: 4,
  open: async () => ({ store: await openMikroOrmPersistence({ kind: 'pglite' }) }),
});
