import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { type EveningContext, boardEveningSuite } from '../suites/board-evening.suite.ts';

boardEveningSuite(anyTest as TestFn<EveningContext>, async () => createMemoryPersistence());
