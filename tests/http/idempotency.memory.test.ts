import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { type IdempotencyContext, idempotencySuite } from '../suites/idempotency.suite.ts';

idempotencySuite(anyTest as TestFn<IdempotencyContext>, async () => createMemoryPersistence(), 'memory');
