import type { Operator } from '../../domain/operator/operator.ts';
import type { TimelineNote } from '../../domain/call/call.ts';
import type { CallId, TimelineEventId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import { type AccessRefusal, operatorActor } from '../operator/operator-access.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { lockCallForDispatch } from './dispatch-access.ts';

/** A dispatcher adds a note to a call's timeline, signed with the key's label; a closed call still takes notes. */
export class AddCallNote {
  constructor(private readonly ports: Pick<Ports, 'calls' | 'ids' | 'writes'>) {}

  execute(input: { operator: Operator; callId: CallId; text: string }): Promise<Outcome<TimelineNote, AccessRefusal>> {
    const { operator } = input;
    return this.ports.writes.run(operatorActor(operator), async (now) => {
      const call = await lockCallForDispatch(this.ports.calls, operator, input.callId);
      if (!call.ok) return call;
      const author = { kind: operator.actorKind, id: operator.id, label: operator.label } as const;
      const note = call.value.addNote({ eventId: this.ports.ids.next<TimelineEventId>(), text: input.text, author }, now);
      await this.ports.calls.save(call.value);
      const details = { callNumber: call.value.number, eventId: note.eventId };
      return audited(note, auditNote(call.value.organisationId, 'call.note_added', { type: 'call', id: call.value.id }, details));
    });
  }
}
