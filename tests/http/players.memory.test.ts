import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { type PlayersContext, playersSuite } from '../suites/players.suite.ts';

playersSuite(anyTest as TestFn<PlayersContext>, async () => createMemoryPersistence());
