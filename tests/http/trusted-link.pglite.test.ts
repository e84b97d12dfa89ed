import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { type TrustedLinkContext, trustedLinkSuite } from '../suites/trusted-link.suite.ts';

trustedLinkSuite(anyTest as TestFn<TrustedLinkContext>, () => openMikroOrmPersistence({ kind: 'pglite' }));
