import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { CallId, TimelineEventId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { type PlayerRequest, playerNote, writeAsOfficer } from './player-writes.ts';

/** `/911/narrative`: an on-duty officer adds a note to a call of their department; closed calls included. */
export class AddNarrative {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'calls' | 'ids' | 'writes'>) {}

  execute(
    input: PlayerRequest & { callId: CallId; text: string },
  ): Promise<Outcome<{ eventId: TimelineEventId }, GateRefusal | 'call_not_found' | 'wrong_department'>> {
    return writeAsOfficer(this.ports.gate, this.ports.writes, input, async (officer, now) => {
      // Shared with the call's other writers of notes, so that they do not queue (decision 0149).
      const call = await this.ports.calls.getForNote(input.callId);
      if (call?.organisationId !== input.grant.organisationId) return refuse('call_not_found');
      const note = call.addNoteByUnit(officer.unit, { eventId: this.ports.ids.next<TimelineEventId>(), text: input.text }, now);
      if (!note.ok) return note;
      await this.ports.calls.appendNotes(call);
      const details = { callNumber: call.number, eventId: note.value.eventId, unitId: officer.unitId };
      return audited(
        { eventId: note.value.eventId },
        playerNote(input.grant, officer.characterId, 'call.note_added', { type: 'call', id: call.id }, details),
      );
    });
  }
}
