import { UniqueConstraintViolation } from '../../../application/ports/persistence-errors.ts';
import type { CallId, UnitId } from '../../../domain/shared/ids.ts';
import { MapPoint } from '../../../domain/shared/map-point.ts';
import { NOW, fixtures, ids } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';
import { widenTheRace } from './locking.contract.ts';

export function unitContract(test: ContractTest) {
  test('units: status, callsign, activation and assignment with its pin read back exactly', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const { unit } = await f.unit(await f.department((await f.organisation()).id));
    t.deepEqual((await store.units.get(unit.id))?.snapshot(), unit.snapshot());
    const callId = ids.next<CallId>();
    unit.setActive(false, NOW);
    unit.assignTo({ callId, callNumber: 'C-26-000042', pin: MapPoint.of(-1204.25, 338.5) }, NOW);
    await store.units.save(unit);
    const read = await store.units.get(unit.id);
    t.deepEqual(read?.snapshot(), unit.snapshot());
    t.is(read?.assignment?.pin?.distanceTo(MapPoint.of(-1204.25, 338.5)), 0);
    t.is(await store.units.get(ids.next<UnitId>()), null);
  });

  test('units: an assignment without a pin reads back without one', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const { unit } = await f.unit(await f.department((await f.organisation()).id));
    unit.assignTo({ callId: ids.next<CallId>(), callNumber: 'C-26-000043', pin: null }, NOW);
    await store.units.save(unit);
    t.deepEqual((await store.units.get(unit.id))?.assignment, unit.assignment);
  });

  test('units: found by callsign in their department; listed by the call they are assigned to', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const department = await f.department((await f.organisation()).id);
    const [a, b, c] = [await f.unit(department, '2-ADAM-1'), await f.unit(department, '2-ADAM-2'), await f.unit(department, null)];
    t.is((await store.units.findByCallsign(department.id, '2-ADAM-2'))?.id, b.unit.id);
    t.is(await store.units.findByCallsign(department.id, '2-ADAM-3'), null);
    const callId = ids.next<CallId>();
    for (const { unit } of [a, c]) {
      unit.assignTo({ callId, callNumber: 'C-26-000044', pin: null }, NOW);
      await store.units.save(unit);
    }
    t.deepEqual((await store.units.listAssignedTo(callId)).map((u) => u.id).sort(), [a.unit.id, c.unit.id].sort());
  });

  test('units: a callsign is unique within its department; many units may have none', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const [police, fire] = [await f.department(organisation.id, 'police'), await f.department(organisation.id, 'fire')];
    await f.unit(police, '1-LINCOLN-9');
    await f.unit(fire, '1-LINCOLN-9');
    await f.unit(police, null);
    await f.unit(police, null);
    const error = await t.throwsAsync(() => f.unit(police, '1-LINCOLN-9'), { instanceOf: UniqueConstraintViolation });
    t.is(error?.constraint, 'unit_callsign');
  });

  test('units: listed per organisation, filtered by department and activity, ordered, limited', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const [police, fire] = [await f.department(organisation.id, 'police'), await f.department(organisation.id, 'fire')];
    const p2 = await f.unit(police, 'P-2');
    await f.unit(police, 'P-1');
    await f.unit(fire, 'F-1');
    await f.unit(await f.department((await f.organisation()).id, 'police'), 'P-1');
    p2.unit.setActive(false, NOW);
    await store.units.save(p2.unit);
    const labels = async (filter: Partial<Parameters<typeof store.units.list>[0]>) =>
      (await store.units.list({ organisationId: organisation.id, limit: 500, ...filter })).map((u) => u.label);
    const departmentOrder = [police.id, fire.id].sort();
    const byDepartment = { [police.id]: ['P-1', 'P-2'], [fire.id]: ['F-1'] };
    t.deepEqual(
      await labels({}),
      departmentOrder.flatMap((d) => byDepartment[d]!),
    );
    t.deepEqual(await labels({ departmentId: police.id }), ['P-1', 'P-2']);
    t.deepEqual(await labels({ departmentId: police.id, isActive: true }), ['P-1']);
    t.deepEqual(await labels({ isActive: false }), ['P-2']);
    t.is((await labels({ limit: 2 })).length, 2);
  });

  test('units: of 20 concurrent attempts to assign one unit, each locking it first, exactly one wins', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const { unit } = await f.unit(await f.department((await f.organisation()).id));
    const attempts = Array.from({ length: 20 }, (_, i) =>
      store.uow.run(async () => {
        const locked = await store.units.getForUpdate(unit.id);
        await widenTheRace();
        const outcome = locked!.assignTo({ callId: ids.next<CallId>(), callNumber: `C-26-${i}`, pin: null }, NOW);
        if (outcome.ok) await store.units.save(locked!);
        return outcome.ok;
      }),
    );
    const wins = (await Promise.all(attempts)).filter(Boolean);
    t.is(wins.length, 1);
    t.not((await store.units.get(unit.id))?.assignment, null);
  });
}
