import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { runsFor } from './fuzz-settings.ts';
import { type RouteFuzzContext, routeFuzzSuite } from './route-fuzz.suite.ts';

// The integration surface (token exchange, game bridge, API); the operator surface has a file of its own, run beside it.
routeFuzzSuite(anyTest as TestFn<RouteFuzzContext>, {
  name: 'memory, integration routes',
  runs: runsFor('memory'),
  open: async () => ({ store: createMemoryPersistence() }),
  routes: (spec) => spec.guard.kind !== 'operator',
});
