import { Organisation } from '../../../domain/organisation/organisation.ts';
import type { OrganisationId } from '../../../domain/shared/ids.ts';
import { WorkKey } from '../../../application/ports/unit-of-work.ts';
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

  test('unit of work with savepoints: a run inside that throws undoes its own writes and effects only; the rest commits', async (t) => {
    const { store } = t.context;
    const kept = Organisation.create(ids.next<OrganisationId>(), 'kept beside a savepoint', {}, NOW);
    const undone = Organisation.create(ids.next<OrganisationId>(), 'undone by its savepoint', {}, NOW);
    const after = Organisation.create(ids.next<OrganisationId>(), 'written after the savepoint', {}, NOW);
    const effects: string[] = [];
    const result = await store.uow.runWithSavepoints(async () => {
      await store.uow.run(async () => {
        await store.organisations.save(kept);
        store.uow.afterCommit(() => effects.push('kept'));
      });
      const refused = await store.uow
        .run(async () => {
          await store.organisations.save(undone);
          store.uow.afterCommit(() => effects.push('undone'));
          // A run deeper down joins its parent: it goes with it.
          await store.uow.run(() => store.organisations.save(Organisation.create(ids.next<OrganisationId>(), 'deeper', {}, NOW)));
          throw new Error('refused');
        })
        .catch((error: Error) => error.message);
      await store.organisations.save(after);
      return refused;
    });
    t.is(result, 'refused');
    t.truthy(await store.organisations.get(kept.id));
    t.is(await store.organisations.get(undone.id), null);
    t.truthy(await store.organisations.get(after.id));
    t.deepEqual(effects, ['kept']);
  });

  test('unit of work with savepoints: when the work itself throws, everything rolls back', async (t) => {
    const { store } = t.context;
    const organisation = Organisation.create(ids.next<OrganisationId>(), 'inside a failed enclosing run', {}, NOW);
    await t.throwsAsync(() =>
      store.uow.runWithSavepoints(async () => {
        await store.uow.run(() => store.organisations.save(organisation));
        throw new Error('the enclosing work fails');
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

  test('kept values: seen by later work of the same unit of work, nested runs included, and by nothing after it or outside it', async (t) => {
    const { store } = t.context;
    const key = new WorkKey<string>('contract');
    store.uow.keep(key, 'outside');
    t.is(store.uow.kept(key), undefined);
    const seen = await store.uow.run(async () => {
      t.is(store.uow.kept(key), undefined);
      store.uow.keep(key, 'first');
      const nested = await store.uow.run(async () => store.uow.kept(key));
      return [nested, store.uow.kept(key)];
    });
    t.deepEqual(seen, ['first', 'first']);
    t.is(store.uow.kept(key), undefined);
    t.is(await store.uow.run(async () => store.uow.kept(key)), undefined);
  });

  test('after commit: an effect registered inside runs once the work has committed, before run resolves', async (t) => {
    const { store } = t.context;
    const organisation = Organisation.create(ids.next<OrganisationId>(), 'published', {}, NOW);
    const calls: string[] = [];
    let readFromEffect: Promise<Organisation | null> | undefined;
    const result = await store.uow.run(async () => {
      await store.organisations.save(organisation);
      store.uow.afterCommit(() => {
        calls.push('effect');
        // A read of its own, outside the unit of work: it sees the commit.
        readFromEffect = store.organisations.get(organisation.id);
      });
      await store.organisations.get(organisation.id);
      calls.push('work returns');
      return 'done';
    });
    t.is(result, 'done');
    t.deepEqual(calls, ['work returns', 'effect']);
    t.is((await readFromEffect)?.name, 'published');
  });

  test('after commit: never when the unit of work rolls back', async (t) => {
    const { store } = t.context;
    const organisation = Organisation.create(ids.next<OrganisationId>(), 'never published', {}, NOW);
    const calls: string[] = [];
    await t.throwsAsync(
      () =>
        store.uow.run(async () => {
          await store.organisations.save(organisation);
          store.uow.afterCommit(() => calls.push('outer'));
          await store.uow.run(async () => store.uow.afterCommit(() => calls.push('inner')));
          throw new Error('boom');
        }),
      { message: 'boom' },
    );
    await new Promise((resolve) => setImmediate(resolve));
    t.deepEqual(calls, []);
    t.is(await store.organisations.get(organisation.id), null);
  });

  test("after commit: a nested run's effects wait for the outermost commit, all in the order registered", async (t) => {
    const { store } = t.context;
    const organisation = Organisation.create(ids.next<OrganisationId>(), 'nested effects', {}, NOW);
    const calls: string[] = [];
    await store.uow.run(async () => {
      store.uow.afterCommit(() => calls.push('outer 1'));
      await store.uow.run(async () => {
        await store.organisations.save(organisation);
        store.uow.afterCommit(() => calls.push('inner 1'));
        await store.uow.run(async () => store.uow.afterCommit(() => calls.push('innermost')));
        store.uow.afterCommit(() => calls.push('inner 2'));
      });
      t.deepEqual(calls, [], 'the inner runs returned; nothing is committed yet');
      store.uow.afterCommit(() => calls.push('outer 2'));
    });
    t.deepEqual(calls, ['outer 1', 'inner 1', 'innermost', 'inner 2', 'outer 2']);
    t.truthy(await store.organisations.get(organisation.id));
  });

  test('after commit: effects run in the order they were registered', async (t) => {
    const { store } = t.context;
    const calls: number[] = [];
    await store.uow.run(async () => {
      for (let i = 0; i < 10; i += 1) {
        store.uow.afterCommit(() => calls.push(i));
        if (i % 3 === 0) await fixtures(store).organisation();
      }
    });
    t.deepEqual(
      calls,
      Array.from({ length: 10 }, (_, i) => i),
    );
  });

  test('after commit: outside a unit of work the effect runs at once', async (t) => {
    const { store } = t.context;
    let calls = 0;
    store.uow.afterCommit(() => (calls += 1));
    t.is(calls, 1);
    await store.uow.run(async () => 'committed');
    store.uow.afterCommit(() => (calls += 1));
    t.is(calls, 2);
    t.notThrows(() =>
      store.uow.afterCommit(() => {
        throw new Error('effect fails');
      }),
    );
  });

  test('after commit: a throwing effect neither undoes the commit nor stops the later effects', async (t) => {
    const { store } = t.context;
    const organisation = Organisation.create(ids.next<OrganisationId>(), 'committed anyway', {}, NOW);
    const calls: string[] = [];
    const result = await store.uow.run(async () => {
      await store.organisations.save(organisation);
      store.uow.afterCommit(() => calls.push('first'));
      store.uow.afterCommit(() => {
        calls.push('throws');
        throw new Error('effect fails');
      });
      store.uow.afterCommit(() => calls.push('last'));
      return 'committed';
    });
    t.is(result, 'committed');
    t.deepEqual(calls, ['first', 'throws', 'last']);
    t.is((await store.organisations.get(organisation.id))?.name, 'committed anyway');
  });

  test('after commit: an effect may start a unit of work of its own', async (t) => {
    const { store } = t.context;
    const [first, second] = ['first', 'second'].map((name) => Organisation.create(ids.next<OrganisationId>(), name, {}, NOW));
    let followUp: Promise<void> | undefined;
    await store.uow.run(async () => {
      await store.organisations.save(first!);
      store.uow.afterCommit(() => {
        followUp = store.uow.run(async () => {
          t.truthy(await store.organisations.get(first!.id));
          await store.organisations.save(second!);
        });
      });
    });
    await followUp;
    t.truthy(await store.organisations.get(second!.id));
  });
}
