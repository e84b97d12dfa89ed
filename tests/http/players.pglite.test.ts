import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { type PlayersContext, playersSuite } from '../suites/players.suite.ts';

playersSuite(anyTest as TestFn<PlayersContext>, () => openMikroOrmPersistence({ kind: 'pglite' }));
