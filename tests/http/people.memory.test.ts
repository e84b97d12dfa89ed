import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { type PeopleContext, peopleSuite } from '../suites/people.suite.ts';

peopleSuite(anyTest as TestFn<PeopleContext>, async () => createMemoryPersistence());
