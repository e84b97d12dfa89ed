import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { type LookupsContext, boardLookupsSuite } from '../suites/board-lookups.suite.ts';

boardLookupsSuite(anyTest as TestFn<LookupsContext>, () => openMikroOrmPersistence({ kind: 'pglite' }));
