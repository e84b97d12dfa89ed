import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { type MdtIsolationContext, mdtIsolationSuite } from '../suites/mdt-isolation.suite.ts';

mdtIsolationSuite(anyTest as TestFn<MdtIsolationContext>, () => openMikroOrmPersistence({ kind: 'pglite' }));
