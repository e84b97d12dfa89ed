/**
 * A unit of work's writes go to PostgreSQL with its next statement or its commit (decision 0148),
 * and keep every guarantee they had when each went alone: they land together with the commit, a
 * read after them sees them, a unique violation among them is still the port's
 * `UniqueConstraintViolation` out of `run` with nothing of the unit of work written, a unit of
 * work that throws sends none of them. (A commit that PostgreSQL answers with `ROLLBACK` is
 * `tests/adapters/commit-after-failure.test.ts`.) Messages are counted on the `pg` client.
 */
import anyTest, { type TestFn } from 'ava';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { UniqueConstraintViolation } from '../../application/ports/persistence-errors.ts';
import type { Persistence } from '../../application/ports/persistence.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { entry } from '../contracts/suites/audit.contract.ts';
import { fixtures, unsavedCivilian, unsavedVehicle } from '../support/persistence-fixtures.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type StatementCounter, attachStatementCounter } from '../support/statement-counter.ts';

const test = anyTest as TestFn<{ store: Persistence; counter: StatementCounter }>;

const civilian = (organisationId: OrganisationId) => unsavedCivilian(organisationId, 'Trevor', 'Philips', null);
const vehicle = unsavedVehicle;

whenPostgres(test, 'statements sent together on PostgreSQL', (url) => {
  const schema = freshSchemaName('together');
  test.before(async (t) => {
    const counter = attachStatementCounter();
    t.context = { store: await openMikroOrmPersistence({ kind: 'postgres', url, schema }), counter };
  });
  test.after.always(async (t) => {
    t.context.counter?.detach();
    await t.context.store?.close();
    await dropSchema(url, schema);
  });

  test.serial('writes after the last read go with the commit, in one message, and land', async (t) => {
    const { store, counter } = t.context;
    const organisation = await fixtures(store).organisation();
    const record = civilian(organisation.id);
    counter.start();
    await store.uow.run(async () => {
      await store.organisations.get(organisation.id);
      await store.civilians.save(record);
      await store.auditLog.append(entry(organisation.id, 'civilian.created'));
    });
    const { statements } = counter.stop();
    t.is(statements.length, 2, statements.join('\n---\n'));
    t.regex(statements[0]!, /^begin\s*;\s*select/i);
    t.regex(statements[1]!, /^insert into .*civilians.*;\s*insert into .*audit_entries.*;\s*commit$/is);
    t.deepEqual((await store.civilians.get(record.id))?.snapshot(), record.snapshot());
    t.deepEqual(
      (await store.auditLog.list(organisation.id, { limit: 5 })).map((e) => e.action),
      ['civilian.created'],
    );
  });

  test.serial('a read after a held write sees it', async (t) => {
    const { store } = t.context;
    const organisation = await fixtures(store).organisation();
    const record = civilian(organisation.id);
    const seen = await store.uow.run(async () => {
      await store.civilians.save(record);
      return store.civilians.get(record.id);
    });
    t.deepEqual(seen?.snapshot(), record.snapshot());
  });

  test.serial(
    'a held write that breaks a unique rule fails the unit of work as UniqueConstraintViolation; nothing of it is written',
    async (t) => {
      const { store } = t.context;
      const organisation = await fixtures(store).organisation();
      await store.vehicles.save(vehicle(organisation.id, '12ABC345'));
      const record = civilian(organisation.id);
      const error = await t.throwsAsync(
        () =>
          store.uow.run(async () => {
            await store.civilians.save(record);
            await store.vehicles.save(vehicle(organisation.id, '12 abc 345'));
            await store.auditLog.append(entry(organisation.id, 'vehicle.registered'));
          }),
        { instanceOf: UniqueConstraintViolation },
      );
      t.is(error?.constraint, 'vehicle_plate');
      t.is(await store.civilians.get(record.id), null);
      t.deepEqual(await store.auditLog.list(organisation.id, { limit: 5 }), []);
    },
  );

  test.serial('a unit of work that throws before its commit sends none of its held writes', async (t) => {
    const { store, counter } = t.context;
    const organisation = await fixtures(store).organisation();
    const record = civilian(organisation.id);
    counter.start();
    await t.throwsAsync(
      () =>
        store.uow.run(async () => {
          await store.civilians.save(record);
          throw new Error('refused after the write');
        }),
      { message: 'refused after the write' },
    );
    t.deepEqual(counter.stop().statements, []);
    t.is(await store.civilians.get(record.id), null);
  });

  test.serial('a savepoint that rolls back drops its held writes; the unit of work goes on and commits', async (t) => {
    const { store } = t.context;
    const organisation = await fixtures(store).organisation();
    await store.vehicles.save(vehicle(organisation.id, '46EEK572'));
    const kept = civilian(organisation.id);
    await store.uow.runWithSavepoints(async () => {
      await t.throwsAsync(
        () =>
          store.uow.run(async () => {
            // Would break the plate's unique rule, were it ever sent.
            await store.vehicles.save(vehicle(organisation.id, '46 eek 572'));
            throw new Error('refused inside the savepoint');
          }),
        { message: 'refused inside the savepoint' },
      );
      await store.civilians.save(kept);
    });
    t.deepEqual((await store.civilians.get(kept.id))?.snapshot(), kept.snapshot());
  });

  test.serial('outside a unit of work a write goes at once', async (t) => {
    const { store, counter } = t.context;
    const organisation = await fixtures(store).organisation();
    const record = civilian(organisation.id);
    counter.start();
    await store.civilians.save(record);
    const { statements } = counter.stop();
    t.is(statements.length, 1);
    t.regex(statements[0]!, /^insert into .*civilians/i);
  });
});
