import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { type IsolationContext, adminIsolationSuite } from '../suites/admin-isolation.suite.ts';

adminIsolationSuite(anyTest as TestFn<IsolationContext>, async () => createMemoryPersistence());
