import { UniqueConstraintViolation } from '../../../application/ports/persistence-errors.ts';
import { Credential } from '../../../domain/credential/credential.ts';
import { OperatorKey } from '../../../domain/operator/operator-key.ts';
import type { CredentialId, DepartmentId, OperatorKeyId, OrganisationId } from '../../../domain/shared/ids.ts';
import { NOW, fixtures, ids } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';

function credential(organisationId: OrganisationId, departmentId: DepartmentId | null) {
  const created = Credential.create(
    {
      id: ids.next<CredentialId>(),
      organisationId,
      kind: departmentId === null ? 'generic_api_key' : 'game',
      departmentId,
      label: 'ALPR cameras',
      scopes: departmentId === null ? ['records.bolo.manage', 'cad.unit.view'] : ['game.citation.issue'],
      allScopes: false,
      secretHash: `hash-${ids.next()}`,
    },
    NOW,
  );
  if (!created.ok) throw new Error(created.reason);
  return created.value;
}

export function credentialContract(test: ContractTest) {
  test('credentials: both kinds read back exactly; rotation and revocation are kept', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const department = await f.department(organisation.id);
    for (const saved of [credential(organisation.id, null), credential(organisation.id, department.id)]) {
      await store.credentials.save(saved);
      t.deepEqual((await store.credentials.get(saved.id))?.snapshot(), saved.snapshot());
      saved.rotate('rotated-hash', NOW);
      saved.revoke(NOW);
      await store.credentials.save(saved);
      t.deepEqual((await store.credentials.get(saved.id))?.snapshot(), saved.snapshot());
    }
    t.is(await store.credentials.get(ids.next<CredentialId>()), null);
  });

  test('credentials: listed per organisation', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const mine = [credential(a.id, null), credential(a.id, null)];
    for (const c of [...mine, credential(b.id, null)]) await store.credentials.save(c);
    t.deepEqual((await store.credentials.listByOrganisation(a.id)).map((c) => c.id).sort(), mine.map((c) => c.id).sort());
  });

  test('operator keys: found by hash; organisation and permissions read back', async (t) => {
    const { store } = t.context;
    const organisation = await fixtures(store).organisation();
    const key = OperatorKey.forOrganisation(
      {
        id: ids.next<OperatorKeyId>(),
        organisationId: organisation.id,
        label: 'ops',
        permissions: ['audit.view', 'roster.manage'],
        keyHash: `k-${ids.next()}`,
      },
      NOW,
    );
    await store.operatorKeys.save(key);
    t.deepEqual((await store.operatorKeys.findByHash(key.snapshot().keyHash))?.snapshot(), key.snapshot());
    t.is(await store.operatorKeys.findByHash('no such hash'), null);
    await store.operatorKeys.remove(key.id);
    t.is(await store.operatorKeys.findByHash(key.snapshot().keyHash), null);
  });

  test('operator keys: listed per organisation, and a revocation made through a locked read is kept', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const key = (organisationId: OrganisationId, label: string) =>
      OperatorKey.forOrganisation(
        { id: ids.next<OperatorKeyId>(), organisationId, label, permissions: ['audit.view'], keyHash: `k-${ids.next()}` },
        NOW,
      );
    const mine = [key(a.id, 'first'), key(a.id, 'second')];
    for (const k of [...mine, key(b.id, 'other')]) await store.operatorKeys.save(k);
    const revoked = await store.uow.run(async () => {
      const locked = (await store.operatorKeys.getForUpdate(mine[0]!.id))!;
      locked.revoke(NOW);
      await store.operatorKeys.save(locked);
      return locked;
    });
    const listed = await store.operatorKeys.listByOrganisation(a.id);
    t.deepEqual(
      listed.map((k) => k.label),
      ['first', 'second'],
    );
    t.deepEqual(listed[0]!.snapshot(), revoked.snapshot());
    t.true(listed[0]!.isRevoked);
  });
}

/** Run once per store: there is one bootstrap key per installation, so these tests must not overlap. */
export function bootstrapKeyContract(test: ContractTest) {
  test.serial('operator keys: there is at most one bootstrap key', async (t) => {
    const { store } = t.context;
    const existing = await store.operatorKeys.findBootstrap();
    if (existing) await store.operatorKeys.remove(existing.id);
    const first = OperatorKey.bootstrap(ids.next<OperatorKeyId>(), `b-${ids.next()}`, NOW);
    await store.operatorKeys.save(first);
    t.deepEqual((await store.operatorKeys.findBootstrap())?.snapshot(), first.snapshot());
    const second = OperatorKey.bootstrap(ids.next<OperatorKeyId>(), `b-${ids.next()}`, NOW);
    const error = await t.throwsAsync(() => store.operatorKeys.save(second), { instanceOf: UniqueConstraintViolation });
    t.is(error?.constraint, 'bootstrap_key');
    await store.operatorKeys.remove(first.id);
    t.is(await store.operatorKeys.findBootstrap(), null);
  });

  test.serial('operator keys: a bootstrap key marked as awaiting display is found until the mark is cleared', async (t) => {
    const { store } = t.context;
    const existing = await store.operatorKeys.findBootstrap();
    if (existing) await store.operatorKeys.remove(existing.id);
    const organisation = await fixtures(store).organisation();
    const other = OperatorKey.forOrganisation(
      {
        id: ids.next<OperatorKeyId>(),
        organisationId: organisation.id,
        label: 'ops',
        permissions: ['audit.view'],
        keyHash: `k-${ids.next()}`,
      },
      NOW,
    );
    await store.operatorKeys.save(other);
    await store.operatorKeys.markAwaitingDisplay(other.id, true);
    t.is(await store.operatorKeys.findBootstrapAwaitingDisplay(), null, 'only the bootstrap key is reported');

    const bootstrap = OperatorKey.bootstrap(ids.next<OperatorKeyId>(), `b-${ids.next()}`, NOW);
    await store.uow.run(async () => {
      await store.operatorKeys.save(bootstrap);
      await store.operatorKeys.markAwaitingDisplay(bootstrap.id, true);
    });
    t.deepEqual((await store.operatorKeys.findBootstrapAwaitingDisplay())?.snapshot(), bootstrap.snapshot());
    await store.operatorKeys.save(bootstrap);
    t.truthy(await store.operatorKeys.findBootstrapAwaitingDisplay(), 'saving the key again keeps the mark');
    await store.operatorKeys.markAwaitingDisplay(bootstrap.id, false);
    t.is(await store.operatorKeys.findBootstrapAwaitingDisplay(), null);
    t.deepEqual((await store.operatorKeys.findBootstrap())?.snapshot(), bootstrap.snapshot(), 'the key itself is untouched');

    await t.throwsAsync(
      store.uow.run(async () => {
        await store.operatorKeys.markAwaitingDisplay(bootstrap.id, true);
        throw new Error('rolled back');
      }),
    );
    t.is(await store.operatorKeys.findBootstrapAwaitingDisplay(), null, 'a mark set in a rolled-back write is not kept');

    await store.operatorKeys.markAwaitingDisplay(bootstrap.id, true);
    await store.operatorKeys.remove(bootstrap.id);
    t.is(await store.operatorKeys.findBootstrapAwaitingDisplay(), null, 'the mark goes with the key');
    const next = OperatorKey.bootstrap(ids.next<OperatorKeyId>(), `b-${ids.next()}`, NOW);
    await store.operatorKeys.save(next);
    t.is(await store.operatorKeys.findBootstrapAwaitingDisplay(), null, 'a new key starts unmarked');
    await store.operatorKeys.remove(next.id);
  });
}
