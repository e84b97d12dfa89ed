import test from 'ava';
import { MapPoint } from '../../domain/shared/map-point.ts';
import { UNIT_STATUSES } from '../../domain/unit/unit-status.ts';
import type { ArrivalOutcome } from '../../domain/unit/unit.ts';
import { T0, aCall, aUnit } from '../support/domain-builders.ts';

// Section 3, `/location`: the unit's queries (`awaitsArrival`, `arrivalAt`) and its write
// (`reportPosition`) apply one rule. Every status against every kind of report, as a table.

const PIN = MapPoint.of(100, 100);
const RADIUS = 50;

const situations = [
  { name: 'without an assignment', assignment: 'none', at: MapPoint.of(100, 100) },
  { name: 'with an assignment without a pin', assignment: 'no pin', at: MapPoint.of(100, 100) },
  { name: 'inside the radius of the pin', assignment: 'pinned', at: MapPoint.of(130, 140) },
  { name: 'exactly on the radius of the pin', assignment: 'pinned', at: MapPoint.of(130, 60) },
  { name: 'just outside the radius of the pin', assignment: 'pinned', at: MapPoint.of(150.01, 100) },
] as const;

function unitIn(status: (typeof UNIT_STATUSES)[number], assignment: (typeof situations)[number]['assignment']) {
  const builder = aUnit().withStatus(status);
  if (assignment !== 'none') builder.assignedTo(aCall().build(), assignment === 'pinned' ? PIN : null);
  return builder.build();
}

function expectedOutcome(status: string, situation: (typeof situations)[number]): ArrivalOutcome {
  if (situation.assignment === 'none') return 'no_assignment';
  if (situation.assignment === 'no pin') return 'no_pin';
  if (!situation.at.isWithin(RADIUS, PIN)) return 'out_of_range';
  return status === 'ON_SCENE' ? 'already_on_scene' : 'arrived';
}

for (const status of UNIT_STATUSES) {
  for (const situation of situations) {
    const expected = expectedOutcome(status, situation);

    test(`${status} ${situation.name}: awaitsArrival and arrivalAt answer without changing anything`, (t) => {
      const unit = unitIn(status, situation.assignment);
      const before = unit.snapshot();
      t.is(unit.awaitsArrival, situation.assignment === 'pinned' && status !== 'ON_SCENE');
      t.is(unit.arrivalAt(situation.at, RADIUS), expected === 'arrived');
      t.deepEqual(unit.snapshot(), before);
      t.deepEqual(unit.events.take(), []);
    });

    test(`${status} ${situation.name}: reportPosition gives ${expected}, as the queries said`, (t) => {
      const unit = unitIn(status, situation.assignment);
      const [awaited, arrives] = [unit.awaitsArrival, unit.arrivalAt(situation.at, RADIUS)];
      t.is(unit.reportPosition(situation.at, RADIUS, T0), expected);
      t.is(arrives, expected === 'arrived');
      // A unit that awaits no arrival arrives nowhere, so the cheap check never misses one.
      if (!awaited) t.false(arrives);
      t.is(unit.status, expected === 'arrived' ? 'ON_SCENE' : status);
    });
  }
}
