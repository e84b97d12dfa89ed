/**
 * PostgreSQL answers the `commit` of a transaction that has failed with `ROLLBACK`, and no error.
 * A unit of work that caught a statement's failure and went on must not pass for committed: it
 * fails with `CommitRolledBack`, and nothing of it is written (on PostgreSQL's connections, with
 * the statements sent together, decision 0148; on PGlite, around its `transaction()`). A failure
 * that a savepoint's rollback undid does not count: that unit of work commits.
 */
import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { CommitRolledBack } from '../../adapters/persistence-mikro-orm/statements-sent-together.ts';
import type { Persistence } from '../../application/ports/persistence.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { fixtures, unsavedCivilian, unsavedVehicle } from '../support/persistence-fixtures.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';

const test = anyTest as TestFn<{ stores: Record<string, Persistence> }>;

const civilian = (organisationId: OrganisationId) => unsavedCivilian(organisationId, 'Lamar', 'Davis', null);
const vehicle = unsavedVehicle;

function commitAfterFailure(name: string, open: () => Promise<{ store: Persistence; close(): Promise<void> }>) {
  let opened: { store: Persistence; close(): Promise<void> } | undefined;
  test.before(async () => {
    opened = await open();
  });
  test.after.always(async () => {
    await opened?.close();
  });

  test.serial(`${name}: a unit of work that caught a statement's failure and returned fails; nothing of it is written`, async (t) => {
    const { store } = opened!;
    const organisation = await fixtures(store).organisation();
    await store.vehicles.save(vehicle(organisation.id, '88GRV123'));
    const record = civilian(organisation.id);
    const run = store.uow.run(async () => {
      await store.civilians.save(record);
      // Breaks the plate's unique rule, at once or with the next statement (sent together): this
      // work swallows the error, and the transaction is aborted.
      await store.vehicles.save(vehicle(organisation.id, '88 grv 123')).catch(() => null);
      await store.organisations.get(organisation.id).catch(() => null);
      return 'returned normally';
    });
    await t.throwsAsync(run, { instanceOf: CommitRolledBack });
    t.is(await store.civilians.get(record.id), null, 'the civilian saved before the failure is not written');
    // The store goes on: the next unit of work commits.
    const next = civilian(organisation.id);
    await store.uow.run(() => store.civilians.save(next));
    t.truthy(await store.civilians.get(next.id));
  });

  test.serial(`${name}: a failure that a savepoint's rollback undid does not stop the commit`, async (t) => {
    const { store } = opened!;
    const organisation = await fixtures(store).organisation();
    await store.vehicles.save(vehicle(organisation.id, '89GRV123'));
    const kept = civilian(organisation.id);
    await store.uow.runWithSavepoints(async () => {
      await t.throwsAsync(
        store.uow.run(async () => {
          await store.vehicles.save(vehicle(organisation.id, '89 grv 123'));
          await store.organisations.get(organisation.id);
        }),
      );
      await store.civilians.save(kept);
    });
    t.deepEqual((await store.civilians.get(kept.id))?.snapshot(), kept.snapshot());
  });
}

commitAfterFailure('PGlite', async () => {
  const store = await openMikroOrmPersistence({ kind: 'pglite' });
  return { store, close: () => store.close() };
});

whenPostgres(test, 'commit after a failure on PostgreSQL', (url) => {
  const schema = freshSchemaName('commit_failed');
  commitAfterFailure('PostgreSQL', async () => {
    const store = await openMikroOrmPersistence({ kind: 'postgres', url, schema });
    return {
      store,
      close: async () => {
        await store.close();
        await dropSchema(url, schema);
      },
    };
  });
});
