import anyTest, { type TestFn } from 'ava';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { type MdtPairingContext, mdtPairingSuite } from '../suites/mdt-pairing.suite.ts';

mdtPairingSuite(anyTest as TestFn<MdtPairingContext>, async () => createMemoryPersistence());
