import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { type ApiIsolationContext, apiIsolationSuite } from '../suites/api-isolation.suite.ts';

apiIsolationSuite(anyTest as TestFn<ApiIsolationContext>, () => openMikroOrmPersistence({ kind: 'pglite' }));
