import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { type BadInputContext, badInputSuite } from '../suites/bad-input.suite.ts';

badInputSuite(anyTest as TestFn<BadInputContext>, async () => createMemoryPersistence(), 'memory');
