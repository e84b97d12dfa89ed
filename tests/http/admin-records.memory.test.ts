import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { type AdminRecordsContext, adminRecordsSuite } from '../suites/admin-records.suite.ts';

adminRecordsSuite(anyTest as TestFn<AdminRecordsContext>, async () => createMemoryPersistence());
