import test from 'ava';
import { Call } from '../../domain/call/call.ts';
import { CALL_STATUSES } from '../../domain/call/call-status.ts';
import { MapPoint } from '../../domain/shared/map-point.ts';
import { UNIT_STATUSES } from '../../domain/unit/unit-status.ts';
import { FIRE, T0, aCall, aUnit } from '../support/domain-builders.ts';

// Section 3: self-assign, unassign and the call status table.

for (const from of UNIT_STATUSES.filter((s) => s !== 'OFF_DUTY')) {
  test(`assign: unit ${from} -> EN_ROUTE, call PENDING -> ACTIVE, pinned at the call`, (t) => {
    const call = aCall().at(12, 34).build();
    const unit = aUnit().withStatus(from).build();
    const outcome = call.assign(unit, T0);
    t.true(outcome.ok);
    t.is(unit.status, 'EN_ROUTE');
    t.is(call.status, 'ACTIVE');
    t.like(unit.assignment, { callId: call.id, callNumber: call.number, pin: { x: 12, y: 34 } });
    const events = unit.events.take();
    t.like(events[0], { type: 'assignment.created', callId: call.id, pin: { x: 12, y: 34 } });
    t.deepEqual(
      events.slice(1).map((e) => e.type),
      from === 'EN_ROUTE' ? [] : ['unit.status_changed'],
    );
    t.like(call.events.take(), [{ type: 'call.status_changed', from: 'PENDING', to: 'ACTIVE' }]);
  });
}

test('assign to an ACTIVE call keeps it ACTIVE and records no call event', (t) => {
  const call = aCall().withStatus('ACTIVE').build();
  t.true(call.assign(aUnit().build(), T0).ok);
  t.is(call.status, 'ACTIVE');
  t.deepEqual(call.events.take(), []);
});

test('assign to a call without a location gives an assignment without a pin', (t) => {
  const unit = aUnit().build();
  t.true(aCall().withoutLocation().build().assign(unit, T0).ok);
  t.is(unit.assignment?.pin, null);
});

test('a dispatcher may pin the assignment elsewhere than the call', (t) => {
  const unit = aUnit().build();
  t.true(aCall().build().assign(unit, T0, MapPoint.of(-1, -2)).ok);
  t.like(unit.assignment?.pin, { x: -1, y: -2 });
});

const assignRefusals = [
  { name: 'a CLOSED call', call: () => aCall().withStatus('CLOSED').build(), unit: () => aUnit().build(), reason: 'call_closed' },
  { name: 'another department', call: () => aCall().inDepartment(FIRE).build(), unit: () => aUnit().build(), reason: 'wrong_department' },
  {
    name: 'a unit assigned to another call',
    call: () => aCall().build(),
    unit: () => aUnit().withStatus('ON_SCENE').assignedTo(aCall().build()).build(),
    reason: 'already_assigned',
  },
] as const;
for (const row of assignRefusals) {
  test(`assign refused for ${row.name}: ${row.reason}, nothing changes`, (t) => {
    const call = row.call();
    const unit = row.unit();
    const [callBefore, unitBefore] = [call.snapshot(), unit.snapshot()];
    t.deepEqual(call.assign(unit, T0), { ok: false, reason: row.reason });
    t.deepEqual(call.snapshot(), callBefore);
    t.deepEqual(unit.snapshot(), unitBefore);
  });
}

test('assign refused for a unit already assigned to this very call', (t) => {
  const call = aCall().withStatus('ACTIVE').build();
  const unit = aUnit().withStatus('EN_ROUTE').assignedTo(call).build();
  t.deepEqual(call.assign(unit, T0), { ok: false, reason: 'already_assigned' });
});

test('wrong department is reported before already assigned, so nothing of it leaks', (t) => {
  const unit = aUnit().withStatus('EN_ROUTE').assignedTo(aCall().build()).build();
  t.deepEqual(aCall().inDepartment(FIRE).build().assign(unit, T0), { ok: false, reason: 'wrong_department' });
});

for (const from of ['EN_ROUTE', 'ON_SCENE', 'BUSY'] as const) {
  test(`unassign: assigned unit ${from} -> AVAILABLE, assignment removed`, (t) => {
    const call = aCall().withStatus('ACTIVE').build();
    const unit = aUnit().withStatus(from).assignedTo(call).build();
    t.deepEqual(call.unassign(unit, T0), { ok: true, value: null });
    t.is(unit.status, 'AVAILABLE');
    t.is(unit.assignment, null);
    t.like(unit.events.take(), [{ type: 'assignment.removed', callId: call.id }]);
  });
}

const unassignRefusals = [
  { name: 'an unassigned unit', unit: () => aUnit().build(), call: () => aCall().build(), reason: 'not_assigned' },
  {
    name: 'a unit assigned elsewhere',
    unit: () => aUnit().withStatus('EN_ROUTE').assignedTo(aCall().build()).build(),
    call: () => aCall().build(),
    reason: 'not_assigned',
  },
  { name: 'another department', unit: () => aUnit().build(), call: () => aCall().inDepartment(FIRE).build(), reason: 'wrong_department' },
] as const;
for (const row of unassignRefusals) {
  test(`unassign refused for ${row.name}: ${row.reason}`, (t) => {
    const unit = row.unit();
    const before = unit.snapshot();
    t.deepEqual(row.call().unassign(unit, T0), { ok: false, reason: row.reason });
    t.deepEqual(unit.snapshot(), before);
  });
}

for (const from of CALL_STATUSES) {
  for (const to of ['PENDING', 'ACTIVE'] as const) {
    test(`API call status: ${from} -> ${to}`, (t) => {
      const call = aCall().withStatus(from).build();
      call.setStatusByApi(to, T0);
      t.is(call.status, to);
      t.is(call.snapshot().closedAt, null);
    });
  }
}

test('closing a call releases every assigned unit to AVAILABLE', (t) => {
  const call = aCall().withStatus('ACTIVE').build();
  const units = [aUnit().withStatus('EN_ROUTE').assignedTo(call).build(), aUnit().withStatus('ON_SCENE').assignedTo(call).build()];
  call.close(units, T0);
  t.is(call.status, 'CLOSED');
  t.deepEqual(call.snapshot().closedAt, T0);
  for (const unit of units) {
    t.is(unit.status, 'AVAILABLE');
    t.is(unit.assignment, null);
  }
});

test('a note is accepted on a CLOSED call, but only from a unit of its department', (t) => {
  const call = aCall().withStatus('CLOSED').build();
  const eventId = '00000000-0000-7000-8000-0000000000e1' as never;
  t.like(call.addNoteByUnit(aUnit().build(), { eventId, text: 'suspect gone' }, T0), { ok: true, value: { text: 'suspect gone' } });
  t.deepEqual(call.addNoteByUnit(aUnit().inDepartment(FIRE).build(), { eventId, text: 'x' }, T0), {
    ok: false,
    reason: 'wrong_department',
  });
  t.is(call.snapshot().notes.length, 1);
});

const priorities = [
  ['panic', 'P1'],
  ['emergency_911', 'P2'],
  ['dispatch', 'P3'],
] as const;
for (const [origin, priority] of priorities) {
  test(`a new ${origin} call starts PENDING at priority ${priority}`, (t) => {
    const { organisationId, departmentId } = aCall().build().snapshot();
    const call = Call.open(
      { id: aCall().build().id, organisationId, departmentId, number: 'C-26-000001', origin, description: 'help', location: null },
      T0,
    );
    t.is(call.status, 'PENDING');
    t.is(call.snapshot().priority, priority);
  });
}
