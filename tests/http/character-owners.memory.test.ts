import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { type CharacterOwnersContext, characterOwnersSuite } from '../suites/character-owners.suite.ts';

characterOwnersSuite(anyTest as TestFn<CharacterOwnersContext>, async () => createMemoryPersistence());
