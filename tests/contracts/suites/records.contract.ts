import { UniqueConstraintViolation } from '../../../application/ports/persistence-errors.ts';
import { Civilian } from '../../../domain/records/civilian.ts';
import { DateOfBirth } from '../../../domain/records/date-of-birth.ts';
import { Plate } from '../../../domain/records/plate.ts';
import { Vehicle } from '../../../domain/records/vehicle.ts';
import type { Warrant } from '../../../domain/records/warrant.ts';
import type { CivilianId, OrganisationId, ReleaseId, VehicleId, WarrantId } from '../../../domain/shared/ids.ts';
import { NOW, fixtures, ids } from '../../support/persistence-fixtures.ts';
import type { KeysetPage } from '../../../application/ports/records-repositories.ts';
import type { ContractTest, T } from './contract-test.ts';
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

type Paged<Row> = (page: KeysetPage) => Promise<Row[]>;

const idsOf = (rows: readonly { id: string }[]) => rows.map((r) => r.id);
const ascending = (values: readonly string[]) => [...values].sort();

/**
 * The keyset rules every search keeps, checked on `matching` (the ids it should find, however
 * they were inserted): ascending by id, `after` continues exactly after the given id (whether or
 * not that id matches), and `limit` is respected.
 */
async function keepsTheKeysetRules(t: T, search: Paged<{ id: string }>, matching: readonly string[]) {
  const expected = ascending(matching);
  const found = async (after: string | null, limit: number) => idsOf(await search({ after, limit }));
  t.deepEqual(await found(null, 100), expected, 'every match, ascending by id');
  t.deepEqual(await found(null, 2), expected.slice(0, 2), 'at most the limit');
  t.deepEqual(await found(null, 0), [], 'limit 0');
  t.deepEqual(await found(expected[1]!, 100), expected.slice(2), 'strictly after the given id');
  t.deepEqual(await found(expected[1]!, 1), expected.slice(2, 3));
  t.deepEqual(await found(expected.at(-1)!, 100), [], 'nothing after the last');
  t.deepEqual(await found(ids.next(), 100), [], 'an id newer than every row');
  t.deepEqual(await found('00000000-0000-0000-0000-000000000000', 100), expected, 'an id older than every row');
}

/**
 * Walks a search page by page, calling `between` after each page (it inserts rows that match,
 * and returns their ids); the walk must see every row, the inserted ones included, once each.
 */
async function walkWhileInserting(
  t: T,
  search: Paged<{ id: string }>,
  existing: readonly string[],
  between: (pageNumber: number) => Promise<string[]>,
) {
  const seen: string[] = [];
  const inserted: string[] = [];
  let after: string | null = null;
  for (let pageNumber = 0; pageNumber < 50; pageNumber += 1) {
    const page = idsOf(await search({ after, limit: 2 }));
    t.true(page.length <= 2);
    if (page.length === 0) break;
    seen.push(...page);
    after = page.at(-1)!;
    inserted.push(...(await between(pageNumber)));
  }
  t.true(inserted.length > 0);
  t.deepEqual(seen, ascending([...existing, ...inserted]), 'nothing lost, nothing repeated, in id order');
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

  test('warrants: read back by id, changed in place and read back; an unknown id is none', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const wanted = await f.civilian(organisation.id);
    const [warrant, other] = [await f.warrant(organisation.id, wanted.id), await f.warrant(organisation.id, wanted.id)];
    t.deepEqual(await store.warrants.get(warrant.id), warrant);
    t.deepEqual(await store.uow.run(() => store.warrants.getForUpdate(warrant.id)), warrant);
    t.is(await store.warrants.get(ids.next<WarrantId>()), null);
    const served: Warrant = { ...warrant, status: 'SERVED', description: 'served at the courthouse' };
    await store.warrants.update(served);
    t.deepEqual(await store.warrants.get(warrant.id), served);
    await store.warrants.update({ ...served, description: null });
    t.deepEqual(await store.warrants.get(warrant.id), { ...served, description: null }, 'a description cleared');
    t.deepEqual(
      await store.warrants.listForCivilian(wanted.id),
      [{ ...served, description: null }, other],
      'no row added, the other untouched',
    );
    t.deepEqual(
      idsOf(await store.warrants.search({ organisationId: organisation.id, status: 'ACTIVE' }, { after: null, limit: 10 })),
      [other.id],
      'found by its new status only',
    );
  });

  test('civilians and vehicles: an amended record is read back exactly; a got-for-update one is the record', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const [owner, buyer] = [await f.civilian(organisation.id), await f.civilian(organisation.id, 'Franklin', 'Clinton')];
    t.deepEqual((await store.uow.run(() => store.civilians.getForUpdate(owner.id)))?.snapshot(), owner.snapshot());
    const dob = DateOfBirth.parse('1988-04-12');
    if (!dob.ok) return t.fail();
    owner.amend({ firstName: 'Trevor  ', lastName: 'Philipps', dateOfBirth: dob.value, licenseStatus: 'SUSPENDED' });
    await store.civilians.save(owner);
    t.deepEqual((await store.civilians.get(owner.id))?.snapshot(), owner.snapshot());
    owner.amend({ dateOfBirth: null });
    await store.civilians.save(owner);
    t.is((await store.civilians.get(owner.id))?.dateOfBirth, null);

    const car = await f.vehicle(organisation.id, 'AMEND 1', owner.id);
    car.amend({ make: 'Declasse', model: null, color: 'blue', ownerCivilianId: buyer.id, registrationStatus: 'STOLEN' });
    await store.vehicles.save(car);
    t.deepEqual((await store.vehicles.get(car.id))?.snapshot(), car.snapshot());
    const search = (ownerCivilianId: CivilianId) =>
      store.vehicles.search({ organisationId: organisation.id, ownerCivilianId }, { after: null, limit: 10 });
    t.deepEqual(idsOf(await search(buyer.id)), [car.id], 'found by its new owner');
    t.deepEqual(idsOf(await search(owner.id)), []);
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

  test('civilians: of 20 concurrent locked claims by different characters (found by name for update), exactly one wins', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const claimed = await f.civilian(organisation.id, 'Locked', 'Byname');
    const characters = await Promise.all(Array.from({ length: 20 }, () => f.character(organisation.id)));
    const read = await store.uow.run(() => store.civilians.findByNameForUpdate(organisation.id, 'locked', 'BYNAME', 10));
    t.deepEqual(
      read.map((c) => c.snapshot()),
      [claimed.snapshot()],
    );
    t.deepEqual(await store.uow.run(() => store.civilians.findByNameForUpdate(organisation.id, 'Nobody', 'Byname', 10)), []);
    const claims = await Promise.all(
      characters.map((character) =>
        store.uow.run(async () => {
          const [locked] = await store.civilians.findByNameForUpdate(organisation.id, 'Locked', 'Byname', 10);
          await widenTheRace();
          const outcome = locked!.claim(character.id);
          if (outcome.ok) await store.civilians.save(locked!);
          return outcome.ok;
        }),
      ),
    );
    t.is(claims.filter(Boolean).length, 1);
    t.not((await store.civilians.get(claimed.id))?.claimedBy, null);
  });

  test('civilian search: by licence status, only in the organisation, keyset paged by id', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    // Ids made in order, saved out of order: the pages follow the ids, not the insertion order.
    const made = Array.from({ length: 6 }, () => ids.next<CivilianId>());
    const saved: Civilian[] = [];
    for (const [index, id] of [...made.entries()].reverse()) {
      saved.push(await f.civilian(a.id, `Person${index}`, 'Smith', null, { id, licenseStatus: index % 2 === 0 ? 'VALID' : 'SUSPENDED' }));
    }
    await f.civilian(b.id, 'Person0', 'Smith', null, { licenseStatus: 'VALID' });
    await f.civilian(b.id, 'Person1', 'Smith', null, { licenseStatus: 'SUSPENDED' });

    await keepsTheKeysetRules(t, (page) => store.civilians.search({ organisationId: a.id }, page), made);
    const suspended = made.filter((_, index) => index % 2 === 1);
    await keepsTheKeysetRules(t, (page) => store.civilians.search({ organisationId: a.id, licenseStatus: 'SUSPENDED' }, page), suspended);
    t.deepEqual(idsOf(await store.civilians.search({ organisationId: a.id, licenseStatus: 'suspended' }, { after: null, limit: 10 })), []);
    t.deepEqual(idsOf(await store.civilians.search({ organisationId: a.id, nameTerms: [] }, { after: null, limit: 10 })), made);
    // `after` a matching row's id that is not itself a match continues just after it.
    t.deepEqual(idsOf(await store.civilians.search({ organisationId: a.id, licenseStatus: 'SUSPENDED' }, { after: made[2]!, limit: 10 })), [
      made[3],
      made[5],
    ]);
    const first = (await store.civilians.search({ organisationId: a.id }, { after: null, limit: 1 }))[0];
    t.deepEqual(first?.snapshot(), saved.find((c) => c.id === made[0])?.snapshot(), 'read back whole');
    t.deepEqual(await store.civilians.search({ organisationId: (await f.organisation()).id }, { after: null, limit: 10 }), []);
  });

  test('civilian search: every name term, ignoring case, in the first or the last name', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const trevor = await f.civilian(a.id, 'Trevor', 'Philips');
    const franklin = await f.civilian(a.id, 'Franklin', 'Clinton');
    const michael = await f.civilian(a.id, 'Michael', 'De Santa');
    const philip = await f.civilian(a.id, 'Philip', 'Trevorson');
    await f.civilian(b.id, 'Trevor', 'Philips');
    const named = async (...nameTerms: string[]) =>
      idsOf(await store.civilians.search({ organisationId: a.id, nameTerms }, { after: null, limit: 10 }));

    t.deepEqual(await named('trev', 'phil'), [trevor.id, philip.id], 'each term may match either name');
    t.deepEqual(await named('TREVOR'), [trevor.id, philip.id]);
    t.deepEqual(await named('trevor', 'philips'), [trevor.id]);
    t.deepEqual(await named('philips', 'trevor'), [trevor.id], 'in any order');
    t.deepEqual(await named('lin'), [franklin.id], 'in the middle of a name');
    t.deepEqual(await named('CLINTON'), [franklin.id], 'a last name alone');
    t.deepEqual(await named('de santa'), [michael.id], 'a term with a space');
    t.deepEqual(await named('mich', 'santa'), [michael.id]);
    t.deepEqual(await named('trevor', 'clinton'), [], 'every term must match');
    t.deepEqual(await named('trevorphilips'), [], 'not across the two names');
    t.deepEqual(
      idsOf(
        await store.civilians.search(
          { organisationId: a.id, nameTerms: ['trev'], licenseStatus: 'VALID' },
          { after: trevor.id, limit: 10 },
        ),
      ),
      [philip.id],
      'with the other filters and the keyset',
    );
  });

  test('civilian search: name terms are literal: % _ and \\ are no wildcards', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const percent = await f.civilian(organisation.id, '100%', 'Real');
    const underscore = await f.civilian(organisation.id, 'Under_Score', 'Smith');
    const backslash = await f.civilian(organisation.id, 'Back\\Slash', 'Jones');
    const plain = await f.civilian(organisation.id, '1000', 'UnderXScore');
    const named = async (...nameTerms: string[]) =>
      idsOf(await store.civilians.search({ organisationId: organisation.id, nameTerms }, { after: null, limit: 10 }));

    t.deepEqual(await named('%'), [percent.id]);
    t.deepEqual(await named('0%'), [percent.id]);
    t.deepEqual(await named('10%0'), []);
    t.deepEqual(await named('_'), [underscore.id]);
    t.deepEqual(await named('under_score'), [underscore.id]);
    t.deepEqual(await named('r_s'), [underscore.id], 'not UnderXScore');
    t.deepEqual(await named('\\'), [backslash.id]);
    t.deepEqual(await named('k\\s'), [backslash.id]);
    t.deepEqual(await named('\\%'), []);
    t.deepEqual(await named('1000'), [plain.id]);
    t.deepEqual(await named(''), [percent.id, underscore.id, backslash.id, plain.id], 'an empty term matches every name');
  });

  test('vehicle search: by plate key and by owner, only in the organisation, keyset paged by id', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const [owner, other] = [await f.civilian(a.id), await f.civilian(a.id)];
    const elsewhereOwner = await f.civilian(b.id);
    const made = Array.from({ length: 5 }, () => ids.next<VehicleId>());
    const saved: Vehicle[] = [];
    for (const [index, id] of [...made.entries()].reverse()) {
      const registered = Vehicle.register(
        { id, organisationId: a.id, plate: plate(`SRCH ${index} ${id.slice(-6)}`), ownerCivilianId: index < 3 ? owner.id : other.id },
        NOW,
      );
      await store.vehicles.save(registered);
      saved.push(registered);
    }
    const unowned = await f.vehicle(a.id, '12 abc 345');
    const samePlateElsewhere = await f.vehicle(b.id, '12ABC345', elsewhereOwner.id);

    await keepsTheKeysetRules(t, (page) => store.vehicles.search({ organisationId: a.id }, page), [...made, unowned.id]);
    await keepsTheKeysetRules(
      t,
      (page) => store.vehicles.search({ organisationId: a.id, ownerCivilianId: owner.id }, page),
      made.slice(0, 3),
    );
    const search = async (filter: Omit<Parameters<typeof store.vehicles.search>[0], 'organisationId'>, organisationId = a.id) =>
      idsOf(await store.vehicles.search({ organisationId, ...filter }, { after: null, limit: 10 }));
    t.deepEqual(await search({ plateKey: plate('12abc345').key }), [unowned.id], 'the stored plate compared by its key');
    t.deepEqual(await search({ plateKey: Plate.keyOf(' 12 AbC 345') }), [unowned.id]);
    t.deepEqual(await search({ plateKey: plate('12abc345').key }, b.id), [samePlateElsewhere.id]);
    t.deepEqual(await search({ plateKey: '12ABC34' }), [], 'exactly, not a prefix');
    t.deepEqual(await search({ plateKey: '12 ABC 345' }), [], 'a key has no spaces');
    const byKey = saved.find((v) => v.id === made[4])!;
    t.deepEqual(await search({ plateKey: byKey.plate.key, ownerCivilianId: other.id }), [byKey.id]);
    t.deepEqual(await search({ plateKey: byKey.plate.key, ownerCivilianId: owner.id }), [], 'both filters apply');
    t.deepEqual(await search({ ownerCivilianId: elsewhereOwner.id }), [], "another organisation's owner finds nothing here");
    t.deepEqual(
      (await store.vehicles.search({ organisationId: a.id, plateKey: byKey.plate.key }, { after: null, limit: 1 }))[0]?.snapshot(),
      byKey.snapshot(),
      'read back whole',
    );
  });

  test('vehicle search: every term, ignoring case, in the plate (spaces aside), make, model or colour; literally', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const register = async (organisationId: OrganisationId, raw: string, details: { make?: string; model?: string; color?: string }) => {
      const registered = Vehicle.register({ id: ids.next<VehicleId>(), organisationId, plate: plate(raw), details }, NOW);
      await store.vehicles.save(registered);
      return registered.id;
    };
    const buffalo = await register(a.id, 'FC 1988', { make: 'Bravado', model: 'Buffalo', color: 'green' });
    const comet = await register(a.id, 'MD 4-5', { make: 'Pfister', model: 'Comet', color: 'Dark Green' });
    const bare = await register(a.id, 'XY100', {});
    const percent = await register(a.id, 'PCT1', { model: '100%' });
    await register(b.id, 'FC 1988', { make: 'Bravado', model: 'Buffalo', color: 'green' });
    const found = async (...terms: string[]) =>
      idsOf(await store.vehicles.search({ organisationId: a.id, terms }, { after: null, limit: 10 }));

    t.deepEqual(await found('green'), [buffalo, comet], 'a colour, case aside');
    t.deepEqual(await found('fc1988'), [buffalo], 'the plate without its spaces');
    t.deepEqual(await found('c19'), [buffalo], 'within the plate');
    t.deepEqual(await found('BRAVADO', 'green'), [buffalo], 'every term, each in any field');
    t.deepEqual(await found('bravado', 'comet'), [], 'every term must match');
    t.deepEqual(await found('4-5'), [comet]);
    t.deepEqual(await found('xy'), [bare], 'a vehicle with no details, by plate');
    t.deepEqual(await found('%'), [percent], '% is no wildcard');
    t.deepEqual(await found('_'), []);
    t.deepEqual(await found(), [buffalo, comet, bare, percent], 'no terms: every vehicle');
    t.deepEqual(
      idsOf(await store.vehicles.search({ organisationId: a.id, terms: ['green'] }, { after: buffalo, limit: 10 })),
      [comet],
      'with the keyset',
    );
  });

  test('warrant search: by civilian and status, only in the organisation, keyset paged by id', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const [wanted, other] = [await f.civilian(a.id), await f.civilian(a.id)];
    const elsewhere = await f.civilian(b.id);
    const warrants = [
      await f.warrant(a.id, wanted.id, 'ACTIVE'),
      await f.warrant(a.id, other.id, 'ACTIVE'),
      await f.warrant(a.id, wanted.id, 'SERVED'),
      await f.warrant(a.id, wanted.id, 'ACTIVE'),
      await f.warrant(a.id, other.id, 'RECALLED'),
    ];
    await f.warrant(b.id, elsewhere.id, 'ACTIVE');
    const [w0, w1, w2, w3, w4] = warrants.map((w) => w.id);

    await keepsTheKeysetRules(t, (page) => store.warrants.search({ organisationId: a.id }, page), [w0!, w1!, w2!, w3!, w4!]);
    await keepsTheKeysetRules(t, (page) => store.warrants.search({ organisationId: a.id, civilianId: wanted.id }, page), [w0!, w2!, w3!]);
    await keepsTheKeysetRules(t, (page) => store.warrants.search({ organisationId: a.id, status: 'ACTIVE' }, page), [w0!, w1!, w3!]);
    const search = async (filter: Omit<Parameters<typeof store.warrants.search>[0], 'organisationId'>, organisationId = a.id) =>
      idsOf(await store.warrants.search({ organisationId, ...filter }, { after: null, limit: 10 }));
    t.deepEqual(await search({ civilianId: wanted.id, status: 'ACTIVE' }), [w0, w3]);
    t.deepEqual(await search({ civilianId: other.id, status: 'SERVED' }), []);
    t.deepEqual(await search({ civilianId: elsewhere.id }), [], "another organisation's civilian finds nothing here");
    t.deepEqual(await search({ status: 'ACTIVE' }, b.id), idsOf(await store.warrants.listForCivilian(elsewhere.id)));
    t.deepEqual((await store.warrants.search({ organisationId: a.id }, { after: null, limit: 1 }))[0], warrants[0]);
  });

  test('record searches: a page walk with rows added between pages loses and repeats nothing', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const owner = await f.civilian(a.id, 'Owner', 'Walk');

    const civilians = [];
    for (let i = 0; i < 5; i += 1) civilians.push((await f.civilian(a.id, `Walker${i}`, 'Paging')).id);
    await walkWhileInserting(
      t,
      (page) => store.civilians.search({ organisationId: a.id, nameTerms: ['walker', 'PAGING'] }, page),
      civilians,
      async (n) => {
        await f.civilian(b.id, `Walker${n}`, 'Paging');
        await f.civilian(a.id, `Other${n}`, 'Paging');
        return n < 3 ? [(await f.civilian(a.id, `Walker${n}b`, 'Paging')).id] : [];
      },
    );

    const vehicles = [];
    for (let i = 0; i < 5; i += 1) vehicles.push((await f.vehicle(a.id, undefined, owner.id)).id);
    await walkWhileInserting(
      t,
      (page) => store.vehicles.search({ organisationId: a.id, ownerCivilianId: owner.id }, page),
      vehicles,
      async (n) => {
        await f.vehicle(a.id);
        return n < 3 ? [(await f.vehicle(a.id, undefined, owner.id)).id] : [];
      },
    );

    const warrants = [];
    for (let i = 0; i < 5; i += 1) warrants.push((await f.warrant(a.id, owner.id, 'ACTIVE')).id);
    await walkWhileInserting(
      t,
      (page) => store.warrants.search({ organisationId: a.id, status: 'ACTIVE' }, page),
      warrants,
      async (n) => {
        await f.warrant(a.id, owner.id, 'SERVED');
        return n < 3 ? [(await f.warrant(a.id, owner.id)).id] : [];
      },
    );
  });
}
