import test from 'ava';
import { MapPoint } from '../../domain/shared/map-point.ts';
import { UNIT_STATUSES, type UnitStatus } from '../../domain/unit/unit-status.ts';
import { FIRE, T0, aCall, aUnit } from '../support/domain-builders.ts';

// Section 3, unit status table: every row, allowed and refused.

for (const from of UNIT_STATUSES) {
  test(`duty on: ${from} -> AVAILABLE`, (t) => {
    const unit = aUnit().withStatus(from).build();
    t.deepEqual(unit.syncDuty(true, T0), { ok: true, value: 'AVAILABLE' });
    t.is(unit.status, 'AVAILABLE');
  });

  test(`duty off: ${from} -> OFF_DUTY`, (t) => {
    const unit = aUnit().withStatus(from).build();
    t.deepEqual(unit.syncDuty(false, T0), { ok: true, value: 'OFF_DUTY' });
    t.is(unit.status, 'OFF_DUTY');
  });

  for (const to of UNIT_STATUSES) {
    test(`dispatch sets ${from} -> ${to}`, (t) => {
      const unit = aUnit().withStatus(from).build();
      unit.setStatusByDispatch(to, T0);
      t.is(unit.status, to);
    });
  }
}

for (const onDuty of [true, false]) {
  test(`duty ${onDuty ? 'on' : 'off'} is refused without a callsign, and nothing changes`, (t) => {
    const unit = aUnit().withCallsign(null).withStatus('BUSY').build();
    t.deepEqual(unit.syncDuty(onDuty, T0), { ok: false, reason: 'callsign_not_assigned' });
    t.is(unit.status, 'BUSY');
    t.deepEqual(unit.events.take(), []);
  });

  test(`duty ${onDuty ? 'on' : 'off'} is refused for an inactive unit, and nothing changes`, (t) => {
    const unit = aUnit().inactive().withStatus('BUSY').build();
    t.deepEqual(unit.syncDuty(onDuty, T0), { ok: false, reason: 'unit_inactive' });
    t.is(unit.status, 'BUSY');
  });
}

test('a status change records one event; setting the same status records none', (t) => {
  const unit = aUnit().withStatus('AVAILABLE').build();
  unit.setStatusByDispatch('BUSY', T0);
  unit.setStatusByDispatch('BUSY', T0);
  t.like(unit.events.take(), [{ type: 'unit.status_changed', from: 'AVAILABLE', to: 'BUSY', unitId: unit.id, unitLabel: '1-ADAM-12' }]);
});

// ON_SCENE: only through a position report near the pin of the active assignment.
const onDutyStatuses: UnitStatus[] = ['AVAILABLE', 'EN_ROUTE', 'BUSY', 'OUT_OF_SERVICE'];
for (const from of onDutyStatuses) {
  test(`arrival within the radius: ${from} -> ON_SCENE`, (t) => {
    const call = aCall().build();
    const unit = aUnit().withStatus(from).assignedTo(call, MapPoint.of(100, 100)).build();
    t.is(unit.reportPosition(MapPoint.of(130, 140), 50, T0), 'arrived');
    t.is(unit.status, 'ON_SCENE');
  });
}

const arrivalRefusals = [
  { name: 'just outside the radius', pin: MapPoint.of(100, 100), at: MapPoint.of(150.01, 100), expect: 'out_of_range' },
  { name: 'no pin on the assignment', pin: null, at: MapPoint.of(100, 100), expect: 'no_pin' },
] as const;
for (const row of arrivalRefusals) {
  test(`arrival refused, ${row.name}: status stays EN_ROUTE`, (t) => {
    const unit = aUnit().withStatus('EN_ROUTE').assignedTo(aCall().build(), row.pin).build();
    t.is(unit.reportPosition(row.at, 50, T0), row.expect);
    t.is(unit.status, 'EN_ROUTE');
    t.deepEqual(unit.events.take(), []);
  });
}

test('arrival exactly on the radius counts', (t) => {
  const unit = aUnit().withStatus('EN_ROUTE').assignedTo(aCall().build(), MapPoint.of(0, 0)).build();
  t.is(unit.reportPosition(MapPoint.of(30, 40), 50, T0), 'arrived');
});

test('arrival refused without an assignment', (t) => {
  const unit = aUnit().withStatus('AVAILABLE').build();
  t.is(unit.reportPosition(MapPoint.of(100, 100), 50, T0), 'no_assignment');
  t.is(unit.status, 'AVAILABLE');
});

test('a unit already on scene is not changed again', (t) => {
  const unit = aUnit().withStatus('ON_SCENE').assignedTo(aCall().build()).build();
  t.is(unit.reportPosition(MapPoint.of(100, 100), 50, T0), 'already_on_scene');
  t.deepEqual(unit.events.take(), []);
});

// Going off duty, by duty sync or by dispatch, ends the assignment.
for (const [name, goOffDuty] of [
  ['duty sync', (u: ReturnType<typeof build>) => u.syncDuty(false, T0)],
  ['dispatch', (u: ReturnType<typeof build>) => u.setStatusByDispatch('OFF_DUTY', T0)],
] as const) {
  test(`going off duty by ${name} ends the active assignment`, (t) => {
    const call = aCall().build();
    const unit = build(call);
    goOffDuty(unit);
    t.is(unit.assignment, null);
    t.like(unit.events.take(), [
      { type: 'assignment.removed', callId: call.id, unitId: unit.id },
      { type: 'unit.status_changed', from: 'EN_ROUTE', to: 'OFF_DUTY' },
    ]);
  });
}

test('deactivating a unit ends its assignment; reactivating it gives nothing back', (t) => {
  const call = aCall().build();
  const unit = build(call);
  unit.events.take();
  unit.setActive(false, T0);
  t.is(unit.assignment, null);
  t.like(unit.events.take(), [{ type: 'assignment.removed', callId: call.id, unitId: unit.id }]);
  unit.setActive(true, T0);
  t.is(unit.assignment, null);
  t.deepEqual(unit.events.take(), []);
});

for (const status of ['AVAILABLE', 'BUSY', 'OUT_OF_SERVICE', 'ON_SCENE'] as const) {
  test(`dispatch setting ${status} keeps the assignment`, (t) => {
    const unit = build(aCall().build());
    unit.setStatusByDispatch(status, T0);
    t.not(unit.assignment, null);
  });
}

test('moving the pin of the current assignment records assignment.updated', (t) => {
  const call = aCall().build();
  const unit = build(call);
  t.true(unit.movePin(call.id, MapPoint.of(5, 6), T0).ok);
  t.like(unit.events.take(), [{ type: 'assignment.updated', callId: call.id, callNumber: call.number, pin: { x: 5, y: 6 } }]);
  t.deepEqual(unit.movePin(aCall().build().id, MapPoint.of(1, 1), T0), { ok: false, reason: 'not_assigned' });
});

test('the unit label is the callsign', (t) => {
  t.is(aUnit().withCallsign('2-LINCOLN-7').build().label, '2-LINCOLN-7');
  t.is(aUnit().inDepartment(FIRE).withCallsign(null).build().label, '');
});

function build(call: ReturnType<ReturnType<typeof aCall>['build']>) {
  return aUnit().withStatus('EN_ROUTE').assignedTo(call).build();
}
