import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type PlayersContext, playersSuite } from '../suites/players.suite.ts';

const test = anyTest as TestFn<PlayersContext>;

whenPostgres(test, 'players on PostgreSQL', (url) => {
  const schema = freshSchemaName('players');
  // Real PostgreSQL: the single-use codes and the per-person limit are raced here.
  playersSuite(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }), true);
  test.after.always(() => dropSchema(url, schema));
});
