import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { coverageOn } from '../support/coverage.ts';
import { runsFor } from './fuzz-settings.ts';
import { type RouteFuzzContext, routeFuzzSuite } from './route-fuzz.suite.ts';

// The operator surface (/api/v1/admin); the integration surface has a file of its own, run beside it.
routeFuzzSuite(anyTest as TestFn<RouteFuzzContext>, {
  name: 'memory, operator routes',
  runs: runsFor('memory'),
  // Every route on Koa; on uws one route of each group, since the routes share the transport's parsing
  // and the router parity test proves each route's paths on both.
  coverage: coverageOn('memory'),
  open: async () => ({ store: createMemoryPersistence() }),
  routes: (spec) => spec.guard.kind === 'operator',
});
