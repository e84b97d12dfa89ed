import test from 'ava';
import { CALL_STATUSES, type CallStatus } from '../../domain/call/call-status.ts';
import type { TimelineEventId } from '../../domain/shared/ids.ts';
import { FIRE, ORG, POLICE, T0, aCall, aUnit } from '../support/domain-builders.ts';

// Section 3, call status table: each transition records `call.status_changed` (from, to) when it
// moves the status, and nothing when it is refused or leaves the status where it is.

const moved = (call: { id: string }, from: CallStatus, to: CallStatus) => [
  { type: 'call.status_changed', organisationId: ORG, departmentId: POLICE, callId: call.id, from, to, at: T0 },
];

for (const from of CALL_STATUSES) {
  const expected = from === 'PENDING' ? 'one event' : from === 'CLOSED' ? 'refused, no event' : 'no event';
  test(`assign to a ${from} call: ${expected}`, (t) => {
    const call = aCall().withStatus(from).build();
    t.is(call.assign(aUnit().build(), T0).ok, from !== 'CLOSED');
    t.deepEqual(call.events.take(), from === 'PENDING' ? moved(call, 'PENDING', 'ACTIVE') : []);
  });

  test(`assign refused for another department's unit on a ${from} call: no event`, (t) => {
    const call = aCall().withStatus(from).build();
    t.false(call.assign(aUnit().inDepartment(FIRE).build(), T0).ok);
    t.deepEqual(call.events.take(), []);
  });

  for (const to of ['PENDING', 'ACTIVE'] as const) {
    test(`API sets ${from} -> ${to}: ${from === to ? 'no event' : 'one event'}`, (t) => {
      const call = aCall().withStatus(from).build();
      call.setStatusByApi(to, T0);
      t.deepEqual(call.events.take(), from === to ? [] : moved(call, from, to));
    });
  }

  test(`close a ${from} call: ${from === 'CLOSED' ? 'no event' : 'one event'}`, (t) => {
    const call = aCall().withStatus(from).build();
    call.close([], T0);
    t.deepEqual(call.events.take(), from === 'CLOSED' ? [] : moved(call, from, 'CLOSED'));
  });

  test(`a note on a ${from} call records no event: the note returned tells it all`, (t) => {
    const call = aCall().withStatus(from).build();
    const eventId = '00000000-0000-7000-8000-0000000000e1' as TimelineEventId;
    t.like(call.addNoteByUnit(aUnit().build(), { eventId, text: 'on my way' }, T0), { ok: true, value: { eventId } });
    t.deepEqual(call.events.take(), []);
  });
}

test('assign to a closed call is refused before the department and the unit are looked at', (t) => {
  const call = aCall().withStatus('CLOSED').build();
  const unit = aUnit().inDepartment(FIRE).withStatus('EN_ROUTE').assignedTo(aCall().build()).build();
  t.deepEqual(call.assign(unit, T0), { ok: false, reason: 'call_closed' });
});
