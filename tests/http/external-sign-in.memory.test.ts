import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { type ExternalSignInContext, externalSignInSuite } from '../suites/external-sign-in.suite.ts';

externalSignInSuite(anyTest as TestFn<ExternalSignInContext>, async () => createMemoryPersistence());
