import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { type MdtSignOutContext, mdtSignOutSuite } from '../suites/mdt-sign-out.suite.ts';

mdtSignOutSuite(anyTest as TestFn<MdtSignOutContext>, () => openMikroOrmPersistence({ kind: 'pglite' }));
