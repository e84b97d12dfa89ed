import { UniqueConstraintViolation } from '../../../application/ports/persistence-errors.ts';
import { Civilian } from '../../../domain/records/civilian.ts';
import { DateOfBirth } from '../../../domain/records/date-of-birth.ts';
import { Plate } from '../../../domain/records/plate.ts';
import { Vehicle } from '../../../domain/records/vehicle.ts';
import type { Warrant } from '../../../domain/records/warrant.ts';
import type { CivilianId, OrganisationId, ReleaseId, VehicleId, WarrantId } from '../../../domain/shared/ids.ts';
import { NOW, fixtures, ids } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';
import { widenTheRace } from './locking.contract.ts';

function plate(raw: string) {
  const parsed = Plate.parse(raw);
  if (!parsed.ok) throw new Error(raw);
  return parsed.value;
}

function civilian(organisationId: OrganisationId) {
  const dob = DateOfBirth.parse('1985-11-02');
  if (!dob.ok) throw new Error('dob');
  return Civilian.register(
    { id: ids.next<CivilianId>(), organisationId, firstName: 'Trevor', lastName: 'Philips', dateOfBirth: dob.value },
    NOW,
  );
}

function vehicle(organisationId: OrganisationId, raw: string, ownerCivilianId: CivilianId | null = null) {
  return Vehicle.register(
    { id: ids.next<VehicleId>(), organisationId, plate: plate(raw), details: { make: 'Bravado', model: null }, ownerCivilianId },
    NOW,
  );
}

export function recordsContract(test: ContractTest) {
  test('civilians: read back exactly; a claim is kept', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const saved = civilian(organisation.id);
    await store.civilians.save(saved);
    t.deepEqual((await store.civilians.get(saved.id))?.snapshot(), saved.snapshot());
    saved.claim((await f.character(organisation.id)).id);
    await store.civilians.save(saved);
    t.deepEqual((await store.civilians.get(saved.id))?.snapshot(), saved.snapshot());
  });

  test('vehicles: read back exactly, found by plate ignoring case and spaces, in their organisation', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const owner = civilian(a.id);
    await store.civilians.save(owner);
    const saved = vehicle(a.id, '46 eek 572', owner.id);
    await store.vehicles.save(saved);
    t.deepEqual((await store.vehicles.get(saved.id))?.snapshot(), saved.snapshot());
    t.is((await store.vehicles.findByPlate(a.id, plate('46EEK572').key))?.id, saved.id);
    t.is(await store.vehicles.findByPlate(b.id, plate('46EEK572').key), null);
    t.is(await store.vehicles.findByPlate(a.id, plate('46EEK573').key), null);
  });

  test('vehicles: a plate is registered once per organisation, whatever its spacing', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    await store.vehicles.save(vehicle(a.id, '12ABC345'));
    await store.vehicles.save(vehicle(b.id, '12ABC345'));
    const error = await t.throwsAsync(() => store.vehicles.save(vehicle(a.id, '12 abc 345')), { instanceOf: UniqueConstraintViolation });
    t.is(error?.constraint, 'vehicle_plate');
  });

  test('vehicles: details filled in later are kept', async (t) => {
    const { store } = t.context;
    const saved = vehicle((await fixtures(store).organisation()).id, 'FILL1');
    await store.vehicles.save(saved);
    saved.fillMissingDetails({ model: 'Buffalo', color: 'black' });
    await store.vehicles.save(saved);
    t.like((await store.vehicles.get(saved.id))?.snapshot(), { make: 'Bravado', model: 'Buffalo', color: 'black' });
  });

  test('warrants: listed for their civilian only', async (t) => {
    const { store } = t.context;
    const organisation = await fixtures(store).organisation();
    const [wanted, other] = [civilian(organisation.id), civilian(organisation.id)];
    for (const c of [wanted, other]) await store.civilians.save(c);
    const warrant = (civilianId: CivilianId, status: Warrant['status']): Warrant => ({
      id: ids.next<WarrantId>(),
      organisationId: organisation.id,
      civilianId,
      status,
      description: status === 'ACTIVE' ? 'failure to appear' : null,
      createdAt: NOW,
    });
    const mine = [warrant(wanted.id, 'ACTIVE'), warrant(wanted.id, 'SERVED')];
    for (const w of [...mine, warrant(other.id, 'ACTIVE')]) await store.warrants.add(w);
    t.deepEqual(await store.warrants.listForCivilian(wanted.id), mine);
  });

  test('releases: the latest published is found; a version is published once', async (t) => {
    const { store } = t.context;
    const slug = `cad-bridge-${ids.next()}`;
    const release = (version: string) => ({
      id: ids.next<ReleaseId>(),
      resourceSlug: slug,
      version,
      manifest: { files: ['client.lua'], fxVersion: 'cerulean' },
      publishedAt: NOW,
    });
    const [first, second] = [release('1.2.0'), release('1.3.0')];
    await store.releases.add(first);
    await store.releases.add(second);
    t.deepEqual(await store.releases.findLatest(slug), second);
    t.is(await store.releases.findLatest(`${slug}-other`), null);
    const error = await t.throwsAsync(() => store.releases.add(release('1.3.0')), { instanceOf: UniqueConstraintViolation });
    t.is(error?.constraint, 'release_version');
  });

  test('civilians: found by exact name ignoring case and extra spaces, oldest first, limited, per organisation', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const oldest = await f.civilian(a.id, '  Trevor ', 'Philips');
    await f.civilian(a.id, 'Trevor', 'Philipson');
    await f.civilian(a.id, 'Trev', 'Philips');
    await f.civilian(a.id, 'Philips', 'Trevor');
    const shouting = await f.civilian(a.id, 'TREVOR', 'PHILIPS', null);
    const newest = await f.civilian(a.id, 'trevor', 'philips');
    const elsewhere = await f.civilian(b.id, 'Trevor', 'Philips');
    const found = async (organisationId: OrganisationId, first: string, last: string, limit = 10) =>
      (await store.civilians.findByName(organisationId, first, last, limit)).map((c) => c.id);
    t.deepEqual(await found(a.id, 'trevor', ' PHILIPS  '), [oldest.id, shouting.id, newest.id]);
    t.deepEqual(await found(a.id, 'Trevor', 'Philips', 2), [oldest.id, shouting.id]);
    t.deepEqual(await found(b.id, 'TREVOR', 'philips'), [elsewhere.id]);
    t.deepEqual(await found(a.id, 'Trevor', 'Phil'), []);
    t.deepEqual(await found(a.id, 'Trevor Philips', ''), []);
    t.deepEqual((await store.civilians.findByName(a.id, 'Trevor', 'Philips', 1))[0]?.snapshot(), oldest.snapshot());

    const maryAnn = await f.civilian(a.id, 'Mary   Ann', 'Van  der Berg');
    const accented = await f.civilian(a.id, 'Élodie', 'Ærø');
    t.deepEqual(await found(a.id, 'mary ann', 'van der  berg'), [maryAnn.id]);
    t.deepEqual(await found(a.id, 'MaryAnn', 'van der berg'), []);
    t.deepEqual(await found(a.id, 'ÉLODIE', 'ærø'), [accented.id]);
  });

  test('civilians: of 20 concurrent locked claims by different characters, exactly one wins', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const claimed = await f.civilian(organisation.id);
    const characters = await Promise.all(Array.from({ length: 20 }, () => f.character(organisation.id)));
    t.deepEqual((await store.uow.run(() => store.civilians.getForUpdate(claimed.id)))?.snapshot(), claimed.snapshot());
    t.is(await store.uow.run(() => store.civilians.getForUpdate(ids.next<CivilianId>())), null);
    const claims = await Promise.all(
      characters.map((character) =>
        store.uow.run(async () => {
          const locked = (await store.civilians.getForUpdate(claimed.id))!;
          await widenTheRace();
          const outcome = locked.claim(character.id);
          if (outcome.ok) await store.civilians.save(locked);
          return outcome.ok;
        }),
      ),
    );
    t.is(claims.filter(Boolean).length, 1);
    t.not((await store.civilians.get(claimed.id))?.claimedBy, null);
  });
}
