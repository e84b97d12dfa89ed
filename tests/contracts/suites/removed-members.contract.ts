import { UniqueConstraintViolation } from '../../../application/ports/persistence-errors.ts';
import type { Persistence } from '../../../application/ports/persistence.ts';
import type { Department } from '../../../domain/organisation/department.ts';
import { linksFor } from '../../../domain/roster/identifier-link.ts';
import { type Membership, endMembership } from '../../../domain/roster/membership.ts';
import { PlayerIdentifiers } from '../../../domain/roster/player-identifiers.ts';
import type { CallId, CharacterId, MembershipId, UnitId } from '../../../domain/shared/ids.ts';
import { Unit } from '../../../domain/unit/unit.ts';
import { NOW, fixtures, ids } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';
import { widenTheRace } from './locking.contract.ts';

// Decision 0140: a member removed from a department is an ended membership with an ended unit, kept
// for history; only current rows count for uniqueness, the roster's lists and the bridge gate.

const LATER = new Date(NOW.getTime() + 60_000);

/** Ends the membership and its unit as the use case does, through the ports. */
async function removed(store: Persistence, membership: Membership, unit: Unit, at = LATER) {
  const ended = endMembership(membership, unit, at);
  if (!ended.ok) throw new Error(ended.reason);
  await store.memberships.save(ended.value);
  await store.units.save(unit);
  return ended.value;
}

/** The character made a member of the department again: a new membership and a new unit. */
async function addedAgain(store: Persistence, department: Department, characterId: CharacterId, callsign: string | null) {
  const membership: Membership = {
    id: ids.next<MembershipId>(),
    organisationId: department.organisationId,
    departmentId: department.id,
    characterId,
    unitId: ids.next<UnitId>(),
    createdAt: LATER,
    endedAt: null,
  };
  const { organisationId, id: departmentId } = department;
  const unit = Unit.enrol(
    { id: membership.unitId, organisationId, departmentId, membershipId: membership.id, characterId, callsign },
    LATER,
  );
  await store.memberships.add(membership);
  await store.units.save(unit);
  return { membership, unit };
}

const walk = { after: null, limit: 500 };

export function removedMembersContract(test: ContractTest) {
  test('memberships: an ended one reads back by id with its end, is no current membership, and the character may be added again', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const department = await f.department((await f.organisation()).id);
    const { membership, unit, character } = await f.unit(department, 'R-1');
    const other = await f.unit(department, 'R-2');
    t.deepEqual(await store.memberships.get(membership.id), membership);
    t.deepEqual(await store.uow.run(() => store.memberships.getForUpdate(membership.id)), membership);
    t.is(await store.memberships.get(ids.next<MembershipId>()), null);

    const ended = await removed(store, membership, unit);
    t.deepEqual(await store.memberships.get(membership.id), { ...membership, endedAt: LATER });
    t.is(await store.memberships.findFor(department.id, character.id), null);
    t.deepEqual(await store.memberships.ofCharacter(character.id), []);
    const listed = await store.memberships.page({ organisationId: department.organisationId }, walk);
    t.deepEqual(
      listed.map((m) => m.id),
      [other.membership.id],
    );

    // Added again, with the callsign the ended unit had: a new membership, found as the current one.
    const again = await addedAgain(store, department, character.id, 'R-1');
    t.deepEqual(await store.memberships.findFor(department.id, character.id), again.membership);
    t.deepEqual(await store.memberships.ofCharacter(character.id), [again.membership]);
    t.deepEqual(await store.memberships.get(ended.id), ended, 'the ended one is kept');
    const twin = { ...again.membership, id: ids.next<MembershipId>(), unitId: ids.next<UnitId>() };
    const error = await t.throwsAsync(() => store.memberships.add(twin), { instanceOf: UniqueConstraintViolation });
    t.is(error?.constraint, 'membership', 'one current membership per character and department still');
  });

  test('units: an ended unit reads back ended, off duty and inactive, holds no callsign, and leaves the roster`s page', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const department = await f.department((await f.organisation()).id);
    const { membership, unit } = await f.unit(department, 'R-9');
    unit.syncDuty(true, NOW);
    unit.assignTo({ callId: ids.next<CallId>(), callNumber: 'C-26-000140', pin: null }, NOW);
    await store.units.save(unit);
    await removed(store, membership, unit);

    const read = await store.units.get(unit.id);
    t.deepEqual(read?.snapshot(), unit.snapshot());
    t.like(read?.snapshot(), { status: 'OFF_DUTY', isActive: false, assignment: null, callsign: 'R-9', endedAt: LATER });
    t.is(await store.units.findByCallsign(department.id, 'R-9'), null);
    t.deepEqual(await store.units.page({ organisationId: department.organisationId }, walk), []);

    // The callsign is free: another member takes it, and then it is taken again.
    const next = await f.unit(department, 'R-9');
    t.is((await store.units.findByCallsign(department.id, 'R-9'))?.id, next.unit.id);
    const error = await t.throwsAsync(() => f.unit(department, 'R-9'), { instanceOf: UniqueConstraintViolation });
    t.is(error?.constraint, 'unit_callsign');
  });

  test('bridge gate: a removed member`s character is still linked, with no unit, locking or not', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const department = await f.department(organisation.id);
    const { membership, unit, character } = await f.unit(department, 'R-5');
    const parsed = PlayerIdentifiers.from({ license: `license:${ids.next()}` });
    if (!parsed.ok) return t.fail();
    const player = parsed.value;
    await store.identifierLinks.link(linksFor(organisation.id, player, character.id, NOW));
    t.is((await store.bridgePlayers.candidates(organisation.id, department.id, player))[0]?.unit?.id, unit.id);

    await removed(store, membership, unit);
    const candidates = await store.bridgePlayers.candidates(organisation.id, department.id, player);
    t.deepEqual(
      candidates.map((c) => [c.characterId, c.unit]),
      [[character.id, null]],
    );
    const facts = await store.uow.run(() => store.bridgePlayers.gateFacts(organisation.id, department.id, player, { lockUnits: true }));
    t.deepEqual(
      facts.candidates.map((c) => [c.characterId, c.unit]),
      [[character.id, null]],
    );

    // Added again: the gate finds the new unit.
    const again = await addedAgain(store, department, character.id, 'R-5');
    t.is((await store.bridgePlayers.candidates(organisation.id, department.id, player))[0]?.unit?.id, again.unit.id);
  });

  test('memberships: of 10 concurrent removals of one member, each locking it and then its unit, one ends it', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const { membership } = await f.unit(await f.department((await f.organisation()).id));
    const attempts = Array.from({ length: 10 }, () =>
      store.uow.run(async () => {
        const locked = (await store.memberships.getForUpdate(membership.id))!;
        await widenTheRace();
        const unit = (await store.units.getForUpdate(locked.unitId))!;
        const ended = endMembership(locked, unit, LATER);
        if (!ended.ok) return false;
        await store.memberships.save(ended.value);
        await store.units.save(unit);
        return true;
      }),
    );
    t.is((await Promise.all(attempts)).filter(Boolean).length, 1);
    t.like(await store.memberships.get(membership.id), { endedAt: LATER });
  });
}
