import { Organisation } from '../../../domain/organisation/organisation.ts';
import type { OrganisationId } from '../../../domain/shared/ids.ts';
import { NOW, ids } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';

const organisationNamed = (name: string) => Organisation.create(ids.next<OrganisationId>(), name, {}, NOW);

/** `UnitOfWork.beforeCommit` (decision 0147): the unit of work's last step, inside its transaction. */
export function beforeCommitContract(test: ContractTest) {
  test('before commit: runs after the work, inside its transaction, in the order registered, nested runs included', async (t) => {
    const { store } = t.context;
    const written = organisationNamed('written before commit');
    const order: string[] = [];
    await store.uow.run(async () => {
      await store.uow.beforeCommit(async () => {
        order.push('first final');
        // Inside the transaction: what the work wrote is there, and a write here commits with it.
        t.truthy(await store.organisations.get(written.id));
        written.rename('renamed before commit');
        await store.organisations.save(written);
      });
      await store.uow.run(async () => {
        await store.uow.beforeCommit(async () => void order.push('nested final'));
      });
      store.uow.afterCommit(() => order.push('after commit'));
      await store.organisations.save(written);
      order.push('work done');
    });
    t.deepEqual(order, ['work done', 'first final', 'nested final', 'after commit']);
    t.is((await store.organisations.get(written.id))?.name, 'renamed before commit');
  });

  test('before commit: when it throws, the whole unit of work rolls back and no effect after commit runs', async (t) => {
    const { store } = t.context;
    const written = organisationNamed('rolled back by its last step');
    const effects: string[] = [];
    await t.throwsAsync(
      () =>
        store.uow.run(async () => {
          await store.organisations.save(written);
          store.uow.afterCommit(() => effects.push('after commit'));
          await store.uow.beforeCommit(async () => {
            throw new Error('the last step failed');
          });
        }),
      { message: 'the last step failed' },
    );
    t.is(await store.organisations.get(written.id), null);
    t.deepEqual(effects, []);
  });

  test('before commit: a savepoint that rolls back drops what it registered; the rest runs', async (t) => {
    const { store } = t.context;
    const ran: string[] = [];
    await store.uow.runWithSavepoints(async () => {
      await store.uow.run(async () => {
        await store.uow.beforeCommit(async () => void ran.push('kept'));
      });
      await store.uow
        .run(async () => {
          await store.uow.beforeCommit(async () => void ran.push('dropped'));
          throw new Error('refused');
        })
        .catch(() => undefined);
    });
    t.deepEqual(ran, ['kept']);
  });

  test('before commit: outside a unit of work the work runs at once', async (t) => {
    const { store } = t.context;
    const ran: string[] = [];
    await store.uow.beforeCommit(async () => void ran.push('at once'));
    t.deepEqual(ran, ['at once']);
  });
}
