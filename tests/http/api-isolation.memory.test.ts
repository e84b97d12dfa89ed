import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { type ApiIsolationContext, apiIsolationSuite } from '../suites/api-isolation.suite.ts';

apiIsolationSuite(anyTest as TestFn<ApiIsolationContext>, async () => createMemoryPersistence());
