import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { type ReadsContext, adminReadsSuite } from '../suites/admin-reads.suite.ts';

adminReadsSuite(anyTest as TestFn<ReadsContext>, async () => createMemoryPersistence());
