import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { type MdtSignOutContext, mdtSignOutSuite } from '../suites/mdt-sign-out.suite.ts';

mdtSignOutSuite(anyTest as TestFn<MdtSignOutContext>, async () => createMemoryPersistence());
