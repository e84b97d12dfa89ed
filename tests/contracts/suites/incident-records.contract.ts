import type { Persistence } from '../../../application/ports/persistence.ts';
import { UniqueConstraintViolation } from '../../../application/ports/persistence-errors.ts';
import type { Arrest } from '../../../domain/records/arrest.ts';
import type { Citation } from '../../../domain/records/citation.ts';
import type { ArrestId, CitationId, OrganisationId } from '../../../domain/shared/ids.ts';
import { NOW, fixtures, ids } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';
import { widenTheRace } from './locking.contract.ts';

/** An officer (character, unit, game credential) of an organisation and a civilian to write up. */
async function beat(store: Persistence) {
  const f = fixtures(store);
  const organisation = await f.organisation();
  const department = await f.department(organisation.id);
  const { character, unit } = await f.unit(department);
  const credential = await f.credential(organisation.id, department.id);
  const civilian = await f.civilian(organisation.id);
  const officer = { characterId: character.id, unitId: unit.id, credentialId: credential.id };
  const citation = (number: string, plate: string | null = '46 EEK 572'): Citation => ({
    id: ids.next<CitationId>(),
    organisationId: organisation.id,
    number,
    civilianId: civilian.id,
    plate,
    locationText: 'Vinewood Blvd & "Alta" St',
    statuteCode: 'VC 22350',
    statuteDescription: 'Unsafe speed — 20 over',
    fineAmount: 250.75,
    issuedBy: officer,
    issuedAt: NOW,
  });
  const arrest = (number: string): Arrest => ({
    id: ids.next<ArrestId>(),
    organisationId: organisation.id,
    number,
    civilianId: civilian.id,
    locationText: 'Legion Square',
    narrative: 'Suspect fled on foot.\nDetained after a short "chase".',
    charges: [
      { statuteCode: 'PC 148', statuteDescription: 'Resisting an officer' },
      { statuteCode: 'PC 211', statuteDescription: 'Robbery — armed' },
      { statuteCode: 'HS 11350', statuteDescription: 'Possession' },
    ],
    bookedBy: officer,
    bookedAt: NOW,
  });
  return { organisation, citation, arrest };
}

export function incidentRecordsContract(test: ContractTest) {
  test('citations: read back exactly, with and without a plate', async (t) => {
    const { store } = t.context;
    const b = await beat(store);
    const [withPlate, withoutPlate] = [b.citation('CT-26-000001'), b.citation('CT-26-000002', null)];
    await store.citations.add(withPlate);
    await store.citations.add(withoutPlate);
    t.deepEqual(await store.citations.get(withPlate.id), withPlate);
    t.deepEqual(await store.citations.get(withoutPlate.id), withoutPlate);
    t.is(await store.citations.get(ids.next<CitationId>()), null);
  });

  test('citations: a number is unique within its organisation', async (t) => {
    const { store } = t.context;
    const [a, b] = [await beat(store), await beat(store)];
    await store.citations.add(a.citation('CT-26-000009'));
    await store.citations.add(b.citation('CT-26-000009'));
    const error = await t.throwsAsync(() => store.citations.add(a.citation('CT-26-000009')), { instanceOf: UniqueConstraintViolation });
    t.is(error?.constraint, 'citation_number');
  });

  test('arrests: read back exactly, the charges in the order booked', async (t) => {
    const { store } = t.context;
    const b = await beat(store);
    const arrest = b.arrest('AR-26-000001');
    await store.arrests.add(arrest);
    t.deepEqual(await store.arrests.get(arrest.id), arrest);
    t.is(await store.arrests.get(ids.next<ArrestId>()), null);
  });

  test('arrests: a number is unique within its organisation', async (t) => {
    const { store } = t.context;
    const [a, b] = [await beat(store), await beat(store)];
    await store.arrests.add(a.arrest('AR-26-000003'));
    await store.arrests.add(b.arrest('AR-26-000003'));
    const error = await t.throwsAsync(() => store.arrests.add(a.arrest('AR-26-000003')), { instanceOf: UniqueConstraintViolation });
    t.is(error?.constraint, 'arrest_number');
  });
}

export function recordNumbersContract(test: ContractTest) {
  const next = (store: Persistence, organisationId: OrganisationId, series: string) => store.recordNumbers.next(organisationId, series);

  test('record numbers: each series of each organisation counts 1, 2, 3... on its own', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [(await f.organisation()).id, (await f.organisation()).id];
    t.deepEqual([await next(store, a, 'call:2026'), await next(store, a, 'call:2026'), await next(store, a, 'call:2026')], [1, 2, 3]);
    t.is(await next(store, a, 'call:2027'), 1);
    t.is(await next(store, a, 'bolo:2026'), 1);
    t.is(await next(store, b, 'call:2026'), 1);
    t.is(await store.uow.run(() => next(store, a, 'call:2026')), 4);
  });

  test('record numbers: a number taken in a rolled-back unit of work is handed out again', async (t) => {
    const { store } = t.context;
    const organisation = (await fixtures(store).organisation()).id;
    const taken: number[] = [];
    const rolledBack = () =>
      t.throwsAsync(
        () =>
          store.uow.run(async () => {
            taken.push(await next(store, organisation, 'arrest:2026'));
            throw new Error('booking failed');
          }),
        { message: 'booking failed' },
      );
    await rolledBack();
    t.is(await next(store, organisation, 'arrest:2026'), 1);
    await rolledBack();
    t.is(await next(store, organisation, 'arrest:2026'), 2);
    t.deepEqual(taken, [1, 2]);
  });

  test('record numbers: 20 concurrent units of work get distinct numbers without gaps, those rolled back being reused', async (t) => {
    const { store } = t.context;
    const organisation = (await fixtures(store).organisation()).id;
    const take = (i: number) =>
      store.uow.run(async () => {
        const number = await next(store, organisation, 'citation:2026');
        await widenTheRace();
        if (i % 4 === 3) throw new Error('rolled back');
        return number;
      });
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => take(i)));
    const committed = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : [])).sort((x, y) => x - y);
    t.deepEqual(
      committed,
      Array.from({ length: 15 }, (_, i) => i + 1),
    );
    const all = await Promise.all(Array.from({ length: 20 }, () => store.uow.run(() => next(store, organisation, 'citation:2026'))));
    t.deepEqual(
      all.sort((x, y) => x - y),
      Array.from({ length: 20 }, (_, i) => i + 16),
    );
  });

  test('record numbers issued: distinct under 20 concurrent units of work, some rolled back, and later ones above them all', async (t) => {
    const { store } = t.context;
    const organisation = (await fixtures(store).organisation()).id;
    const issue = () => store.recordNumbers.issue(organisation, 'call:2026');
    t.deepEqual([await issue(), await issue(), await issue()], [1, 2, 3]);
    const take = (i: number) =>
      store.uow.run(async () => {
        const number = await issue();
        await widenTheRace();
        if (i % 4 === 3) throw new Error('rolled back');
        return number;
      });
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => take(i)));
    const committed = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    t.is(committed.length, 15);
    t.is(new Set(committed).size, 15, 'no number is issued twice');
    t.true(Math.min(...committed) > 3);
    t.true((await issue()) > Math.max(...committed));
    // A series issued apart from a held one of the same organisation and another organisation's.
    t.is(await store.recordNumbers.issue(organisation, 'bolo:2026'), 1);
    t.is(await store.recordNumbers.issue((await fixtures(store).organisation()).id, 'call:2026'), 1);
  });

  test('record numbers at commit: read after the commit, they are next`s numbers, gapless and in commit order, those rolled back reused', async (t) => {
    const { store } = t.context;
    const organisation = (await fixtures(store).organisation()).id;
    const series = 'waypoint:department';
    const take = (i: number) => {
      let taken: { readonly number: Promise<number> } | undefined;
      return store.uow
        .run(async () => {
          taken = await store.recordNumbers.nextAtCommit(organisation, series);
          await widenTheRace();
          if (i % 4 === 3) throw new Error('rolled back');
        })
        .then(() => taken!.number);
    };
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => take(i)));
    const committed = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : [])).sort((x, y) => x - y);
    t.deepEqual(
      committed,
      Array.from({ length: 15 }, (_, i) => i + 1),
    );
    // The same series as `next`; and outside a unit of work, at once.
    t.is(await store.uow.run(() => store.recordNumbers.next(organisation, series)), 16);
    t.is(await (await store.recordNumbers.nextAtCommit(organisation, series)).number, 17);
  });
}
