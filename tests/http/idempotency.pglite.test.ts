import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { type IdempotencyContext, idempotencySuite } from '../suites/idempotency.suite.ts';

idempotencySuite(anyTest as TestFn<IdempotencyContext>, () => openMikroOrmPersistence({ kind: 'pglite' }), 'pglite');
