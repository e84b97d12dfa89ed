import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { type IsolationContext, adminIsolationSuite } from '../suites/admin-isolation.suite.ts';

adminIsolationSuite(anyTest as TestFn<IsolationContext>, () => openMikroOrmPersistence({ kind: 'pglite' }));
