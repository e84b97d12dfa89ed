import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { type CharacterOwnersContext, characterOwnersSuite } from '../suites/character-owners.suite.ts';

characterOwnersSuite(anyTest as TestFn<CharacterOwnersContext>, () => openMikroOrmPersistence({ kind: 'pglite' }));
