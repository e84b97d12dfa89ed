import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { type MdtIsolationContext, mdtIsolationSuite } from '../suites/mdt-isolation.suite.ts';

mdtIsolationSuite(anyTest as TestFn<MdtIsolationContext>, async () => createMemoryPersistence());
