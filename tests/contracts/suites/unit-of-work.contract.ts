import { Organisation } from '../../../domain/organisation/organisation.ts';
import type { OrganisationId } from '../../../domain/shared/ids.ts';
import { NOW, fixtures, ids } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';

export function unitOfWorkContract(test: ContractTest) {
  test('unit of work: what it writes is committed when the work returns', async (t) => {
    const { store } = t.context;
    const organisation = Organisation.create(ids.next<OrganisationId>(), 'committed', {}, NOW);
    const result = await store.uow.run(async () => {
      await store.organisations.save(organisation);
      return 'done';
    });
    t.is(result, 'done');
    t.truthy(await store.organisations.get(organisation.id));
  });

  test('unit of work: every write, in every repository, rolls back when the work throws', async (t) => {
    const { store } = t.context;
    const organisation = Organisation.create(ids.next<OrganisationId>(), 'rolled back', {}, NOW);
    const department = await fixtures(store).department((await fixtures(store).organisation()).id);
    await t.throwsAsync(
      () =>
        store.uow.run(async () => {
          await store.organisations.save(organisation);
          department.setActive(false);
          await store.departments.save(department);
          throw new Error('boom');
        }),
      { message: 'boom' },
    );
    t.is(await store.organisations.get(organisation.id), null);
    t.true((await store.departments.get(department.id))?.isActive);
  });

  test('unit of work: a run inside a run joins it and rolls back with it', async (t) => {
    const { store } = t.context;
    const organisation = Organisation.create(ids.next<OrganisationId>(), 'nested', {}, NOW);
    await t.throwsAsync(() =>
      store.uow.run(async () => {
        await store.uow.run(() => store.organisations.save(organisation));
        throw new Error('outer fails');
      }),
    );
    t.is(await store.organisations.get(organisation.id), null);
  });

  test('unit of work: a write inside the work is seen by a read inside it', async (t) => {
    const { store } = t.context;
    const organisation = Organisation.create(ids.next<OrganisationId>(), 'read your writes', {}, NOW);
    const seen = await store.uow.run(async () => {
      await store.organisations.save(organisation);
      return (await store.organisations.get(organisation.id))?.name;
    });
    t.is(seen, 'read your writes');
  });
}
