import anyTest from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import type { ContractTest } from './suites/contract-test.ts';
import { runPersistenceContracts } from './suites/index.ts';

runPersistenceContracts(anyTest as ContractTest, async () => createMemoryPersistence());
