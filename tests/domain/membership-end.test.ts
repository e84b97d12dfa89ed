import test from 'ava';
import { enrolMember } from '../../domain/roster/enrolment.ts';
import { endMembership } from '../../domain/roster/membership.ts';
import type { CallId, CharacterId, MembershipId, UnitId } from '../../domain/shared/ids.ts';
import { MapPoint } from '../../domain/shared/map-point.ts';
import type { UnitStatus } from '../../domain/unit/unit-status.ts';
import { ORG, POLICE, T0, minutesAfter } from '../support/domain-builders.ts';

// A member removed from a department (decision 0140): the membership ends, and its unit with it,
// off duty as `/duty` would put it, out of its call, inactive for good.

const LATER = minutesAfter(T0, 5);
const call = { callId: '00000000-0000-7000-8000-0000000000c1' as CallId, callNumber: 'C-26-000001' };

function member() {
  const ids = {
    membershipId: '00000000-0000-7000-8000-0000000000e1' as MembershipId,
    unitId: '00000000-0000-7000-8000-0000000000e2' as UnitId,
  };
  return enrolMember({ id: POLICE, organisationId: ORG }, '00000000-0000-7000-8000-0000000000e3' as CharacterId, '1-ADAM-12', ids, T0);
}

for (const status of ['AVAILABLE', 'EN_ROUTE', 'ON_SCENE', 'BUSY', 'OUT_OF_SERVICE', 'OFF_DUTY'] as const satisfies readonly UnitStatus[]) {
  test(`ending a membership whose unit is ${status} ends the unit off duty, inactive, its callsign kept for history`, (t) => {
    const { membership, unit } = member();
    unit.setStatusByDispatch(status, T0);
    unit.events.take();
    const ended = endMembership(membership, unit, LATER);
    t.deepEqual(ended, { ok: true, value: { ...membership, endedAt: LATER } });
    t.like(unit.snapshot(), { status: 'OFF_DUTY', isActive: false, callsign: '1-ADAM-12', endedAt: LATER, assignment: null });
    t.true(unit.hasEnded);
    t.false(unit.isOnDuty);
    const moves = unit.events.take().map((e) => e.type);
    t.deepEqual(moves, status === 'OFF_DUTY' ? [] : ['unit.status_changed']);
  });
}

test('ending leaves the unit’s call as going off duty does: the assignment is removed first', (t) => {
  const { membership, unit } = member();
  unit.syncDuty(true, T0);
  unit.assignTo({ ...call, pin: MapPoint.of(1, 2) }, T0);
  unit.events.take();
  t.true(endMembership(membership, unit, LATER).ok);
  t.deepEqual(
    unit.events.take().map((e) => e.type),
    ['assignment.removed', 'unit.status_changed'],
  );
  t.is(unit.assignment, null);
});

test('an ended membership is not ended again; its unit is never active again nor put on duty', (t) => {
  const { membership, unit } = member();
  const ended = endMembership(membership, unit, LATER);
  if (!ended.ok) return t.fail();
  t.deepEqual(endMembership(ended.value, unit, minutesAfter(LATER, 1)), { ok: false, reason: 'already_ended' });
  unit.setActive(true, minutesAfter(LATER, 2));
  t.false(unit.isActive);
  t.deepEqual(unit.syncDuty(true, minutesAfter(LATER, 3)), { ok: false, reason: 'unit_inactive' });
  t.is(unit.snapshot().endedAt, LATER, 'its end stays when it was');
});

test('a membership is ended only with its own unit', (t) => {
  const { membership } = member();
  const other = enrolMember(
    { id: POLICE, organisationId: ORG },
    membership.characterId,
    null,
    { membershipId: '00000000-0000-7000-8000-0000000000f1' as MembershipId, unitId: '00000000-0000-7000-8000-0000000000f2' as UnitId },
    T0,
  );
  t.throws(() => endMembership(membership, other.unit, LATER));
});
