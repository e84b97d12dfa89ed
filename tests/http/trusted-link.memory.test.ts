import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { type TrustedLinkContext, trustedLinkSuite } from '../suites/trusted-link.suite.ts';

trustedLinkSuite(anyTest as TestFn<TrustedLinkContext>, async () => createMemoryPersistence());
