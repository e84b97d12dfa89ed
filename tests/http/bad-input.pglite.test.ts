import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { type BadInputContext, badInputSuite } from '../suites/bad-input.suite.ts';

// The embedded store is the default, and PostgreSQL refuses text that memory would keep.
badInputSuite(anyTest as TestFn<BadInputContext>, () => openMikroOrmPersistence({ kind: 'pglite' }), 'pglite');
