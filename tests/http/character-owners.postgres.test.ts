import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type CharacterOwnersContext, characterOwnersSuite } from '../suites/character-owners.suite.ts';

const test = anyTest as TestFn<CharacterOwnersContext>;

whenPostgres(test, 'character owners on PostgreSQL', (url) => {
  const schema = freshSchemaName('owners');
  characterOwnersSuite(test, () => openMikroOrmPersistence({ kind: 'postgres', url, schema }));
  test.after.always(() => dropSchema(url, schema));
});
