import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { type AdminRecordsContext, adminRecordsSuite } from '../suites/admin-records.suite.ts';

adminRecordsSuite(anyTest as TestFn<AdminRecordsContext>, () => openMikroOrmPersistence({ kind: 'pglite' }));
