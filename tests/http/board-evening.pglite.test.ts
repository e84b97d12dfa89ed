import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { type EveningContext, boardEveningSuite } from '../suites/board-evening.suite.ts';

boardEveningSuite(anyTest as TestFn<EveningContext>, () => openMikroOrmPersistence({ kind: 'pglite' }));
