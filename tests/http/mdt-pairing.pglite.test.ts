import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { type MdtPairingContext, mdtPairingSuite } from '../suites/mdt-pairing.suite.ts';

mdtPairingSuite(anyTest as TestFn<MdtPairingContext>, () => openMikroOrmPersistence({ kind: 'pglite' }));
