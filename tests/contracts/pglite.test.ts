import anyTest from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import type { ContractTest } from './suites/contract-test.ts';
import { runPersistenceContracts } from './suites/index.ts';

runPersistenceContracts(anyTest as ContractTest, () => openMikroOrmPersistence({ kind: 'pglite' }));
