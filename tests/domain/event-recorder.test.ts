import test from 'ava';
import { EventRecorder } from '../../domain/shared/event-recorder.ts';
import { isStatusChange } from '../../domain/unit/unit-events.ts';
import { T0, aCall, aUnit } from '../support/domain-builders.ts';

// Each kind of event has its reader (the waypoint feed, a use case's audit entry); one reader
// taking its kind must leave the others for theirs.

test('a reader takes only its own kind of event; the others stay, in order, for their reader', (t) => {
  const call = aCall().build();
  const unit = aUnit().withStatus('EN_ROUTE').assignedTo(call).build();
  unit.syncDuty(false, T0);
  t.like(unit.events.takeWhere(isStatusChange), [{ type: 'unit.status_changed', from: 'EN_ROUTE', to: 'OFF_DUTY' }]);
  t.deepEqual(unit.events.takeWhere(isStatusChange), []);
  t.like(unit.events.take(), [{ type: 'assignment.removed', callId: call.id }]);
});

test('takeWhere keeps the order of what it leaves and of what it takes', (t) => {
  const recorder = new EventRecorder<{ kind: 'a' | 'b'; n: number }>();
  for (const [kind, n] of [
    ['a', 1],
    ['b', 2],
    ['a', 3],
    ['b', 4],
  ] as const)
    recorder.record({ kind, n });
  const isA = (e: { kind: 'a' | 'b'; n: number }): e is { kind: 'a'; n: number } => e.kind === 'a';
  t.deepEqual(recorder.takeWhere(isA), [
    { kind: 'a', n: 1 },
    { kind: 'a', n: 3 },
  ]);
  t.deepEqual(recorder.take(), [
    { kind: 'b', n: 2 },
    { kind: 'b', n: 4 },
  ]);
});
