import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { type PeopleContext, peopleSuite } from '../suites/people.suite.ts';

peopleSuite(anyTest as TestFn<PeopleContext>, () => openMikroOrmPersistence({ kind: 'pglite' }));
