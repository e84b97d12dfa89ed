import { Credential } from '../../../domain/credential/credential.ts';
import { OperatorKey } from '../../../domain/operator/operator-key.ts';
import { Plate } from '../../../domain/records/plate.ts';
import { Vehicle } from '../../../domain/records/vehicle.ts';
import type { CivilianId, CredentialId, OperatorKeyId, VehicleId, WarrantId } from '../../../domain/shared/ids.ts';
import { NOW, fixtures, ids } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';

const WRITERS = 20;
/** A pause between read and write, so that without a lock the writers' reads all come first. */
export const widenTheRace = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * Read-modify-write through `getForUpdate` loses nothing under concurrency: each writer sees the
 * one before it. (Without the lock, on PostgreSQL, writers read the same row and overwrite each other.)
 */
export function lockingContract(test: ContractTest) {
  test('organisations: 20 concurrent locked renames each see the one before', async (t) => {
    const { store } = t.context;
    const organisation = await fixtures(store).organisation('o');
    await Promise.all(
      Array.from({ length: WRITERS }, () =>
        store.uow.run(async () => {
          const locked = (await store.organisations.getForUpdate(organisation.id))!;
          await widenTheRace();
          locked.rename(`${locked.name}+`);
          await store.organisations.save(locked);
        }),
      ),
    );
    t.is((await store.organisations.get(organisation.id))?.name, `o${'+'.repeat(WRITERS)}`);
  });

  test('credentials: 20 concurrent locked rotations each see the one before, and a concurrent revocation is kept', async (t) => {
    const { store } = t.context;
    const organisation = await fixtures(store).organisation();
    const created = Credential.create(
      {
        id: ids.next<CredentialId>(),
        organisationId: organisation.id,
        kind: 'generic_api_key',
        departmentId: null,
        label: 'c',
        scopes: ['cad.unit.view'],
        allScopes: false,
        secretHash: 'h',
      },
      NOW,
    );
    if (!created.ok) return t.fail();
    await store.credentials.save(created.value);
    const id = created.value.id;
    const rotate = () =>
      store.uow.run(async () => {
        const locked = (await store.credentials.getForUpdate(id))!;
        await widenTheRace();
        locked.rotate(`${locked.secretHash}+`, NOW);
        await store.credentials.save(locked);
      });
    const revoke = () =>
      store.uow.run(async () => {
        const locked = (await store.credentials.getForUpdate(id))!;
        await widenTheRace();
        locked.revoke(NOW);
        await store.credentials.save(locked);
      });
    await Promise.all([...Array.from({ length: WRITERS / 2 }, rotate), revoke(), ...Array.from({ length: WRITERS / 2 }, rotate)]);
    const final = (await store.credentials.get(id))!;
    t.is(final.secretHash, `h${'+'.repeat(WRITERS)}`);
    t.true(final.isRevoked);
  });

  test('operator keys: a revocation racing 20 locked reads-and-saves is kept', async (t) => {
    const { store } = t.context;
    const organisation = await fixtures(store).organisation();
    const key = OperatorKey.forOrganisation(
      {
        id: ids.next<OperatorKeyId>(),
        organisationId: organisation.id,
        label: 'k',
        permissions: ['audit.view'],
        keyHash: `k-${ids.next()}`,
      },
      NOW,
    );
    await store.operatorKeys.save(key);
    const touch = (revoke: boolean) =>
      store.uow.run(async () => {
        const locked = (await store.operatorKeys.getForUpdate(key.id))!;
        await widenTheRace();
        if (revoke) locked.revoke(NOW);
        await store.operatorKeys.save(locked);
      });
    await Promise.all([
      ...Array.from({ length: WRITERS / 2 }, () => touch(false)),
      touch(true),
      ...Array.from({ length: WRITERS / 2 }, () => touch(false)),
    ]);
    t.true((await store.operatorKeys.findByHash(key.snapshot().keyHash))?.isRevoked);
  });

  test('vehicles: of 20 concurrent locked fills of a blank detail (found by plate for update), exactly one fills it', async (t) => {
    const { store } = t.context;
    const organisation = await fixtures(store).organisation();
    const plate = Plate.parse('LOCK 1');
    if (!plate.ok) return t.fail();
    await store.vehicles.save(Vehicle.register({ id: ids.next<VehicleId>(), organisationId: organisation.id, plate: plate.value }, NOW));
    t.is(await store.uow.run(() => store.vehicles.findByPlateForUpdate(organisation.id, 'NOSUCH')), null);
    const fills = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) =>
        store.uow.run(async () => {
          const locked = (await store.vehicles.findByPlateForUpdate(organisation.id, plate.value.key))!;
          await widenTheRace();
          const filled = locked.fillMissingDetails({ make: `make-${i}` });
          if (filled) await store.vehicles.save(locked);
          return filled;
        }),
      ),
    );
    t.is(fills.filter(Boolean).length, 1);
    t.regex((await store.vehicles.findByPlate(organisation.id, plate.value.key))?.snapshot().make ?? '', /^make-\d+$/);
  });

  test('civilians: 20 concurrent locked edits (got for update) each see the one before', async (t) => {
    const { store } = t.context;
    const organisation = await fixtures(store).organisation();
    const edited = await fixtures(store).civilian(organisation.id, 'Locked', 'Byid', null, { licenseStatus: 'L' });
    t.is(await store.uow.run(() => store.civilians.getForUpdate(ids.next<CivilianId>())), null);
    await Promise.all(
      Array.from({ length: WRITERS }, () =>
        store.uow.run(async () => {
          const locked = (await store.civilians.getForUpdate(edited.id))!;
          await widenTheRace();
          locked.amend({ licenseStatus: `${locked.snapshot().licenseStatus}+` });
          await store.civilians.save(locked);
        }),
      ),
    );
    t.is((await store.civilians.get(edited.id))?.snapshot().licenseStatus, `L${'+'.repeat(WRITERS)}`);
  });

  test('warrants: 20 concurrent locked edits (got for update) each see the one before', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const warrant = await f.warrant(organisation.id, (await f.civilian(organisation.id)).id);
    t.is(await store.uow.run(() => store.warrants.getForUpdate(ids.next<WarrantId>())), null);
    await Promise.all(
      Array.from({ length: WRITERS }, () =>
        store.uow.run(async () => {
          const locked = (await store.warrants.getForUpdate(warrant.id))!;
          await widenTheRace();
          await store.warrants.update({ ...locked, description: `${locked.description ?? 'w'}+` });
        }),
      ),
    );
    t.is((await store.warrants.get(warrant.id))?.description, `w${'+'.repeat(WRITERS)}`);
  });
}
