import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { type ExternalSignInContext, externalSignInSuite } from '../suites/external-sign-in.suite.ts';

externalSignInSuite(anyTest as TestFn<ExternalSignInContext>, () => openMikroOrmPersistence({ kind: 'pglite' }));
