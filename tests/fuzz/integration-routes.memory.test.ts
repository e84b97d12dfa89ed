import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { coverageOn } from '../support/coverage.ts';
import { runsFor } from './fuzz-settings.ts';
import { type RouteFuzzContext, routeFuzzSuite } from './route-fuzz.suite.ts';

// The integration surface (token exchange, game bridge, API); the operator surface has a file of its own, run beside it.
routeFuzzSuite(anyTest as TestFn<RouteFuzzContext>, {
  name: 'memory, integration routes',
  runs: runsFor('memory'),
  // Every route on Koa; on uws one route of each group, since the routes share the transport's parsing
  // and the router parity test proves each route's paths on both.
  coverage: coverageOn('memory'),
  open: async () => ({ store: createMemoryPersistence() }),
  routes: (spec) => spec.guard.kind !== 'operator',
});
