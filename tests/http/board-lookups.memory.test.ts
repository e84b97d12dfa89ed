import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { type LookupsContext, boardLookupsSuite } from '../suites/board-lookups.suite.ts';

boardLookupsSuite(anyTest as TestFn<LookupsContext>, async () => createMemoryPersistence());
