import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CallId, TimelineEventId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { CallRepository } from '../ports/call-repository.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import { credentialActor } from './bridge-actor.ts';
import type { BridgeGate } from './bridge-gate.ts';

/** `/911/narrative`: an on-duty officer adds a note to a call of their department; closed calls included. */
export class AddNarrative {
  constructor(
    private readonly gate: BridgeGate,
    private readonly calls: CallRepository,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  execute(input: {
    grant: GameGrant;
    identifiers: PlayerIdentifiers;
    callId: CallId;
    text: string;
  }): Promise<Outcome<{ eventId: TimelineEventId }, GateRefusal | 'call_not_found' | 'wrong_department'>> {
    const { grant } = input;
    return this.writes.run(credentialActor(grant), async (now) => {
      const officer = await this.gate.onDuty(grant, input.identifiers);
      if (!officer.ok) return officer;
      const call = await this.calls.getForUpdate(input.callId);
      if (call === null || call.snapshot().organisationId !== grant.organisationId) return refuse('call_not_found');
      const note = call.addNoteByUnit(officer.value.unit, { eventId: this.ids.next<TimelineEventId>(), text: input.text }, now);
      if (!note.ok) return note;
      await this.calls.save(call);
      return audited(
        { eventId: note.value.eventId },
        {
          organisationId: grant.organisationId,
          action: 'call.note_added',
          subject: { type: 'call', id: call.id },
          playerCharacterId: officer.value.characterId,
          details: { callNumber: call.number, eventId: note.value.eventId, unitId: officer.value.unitId },
        },
      );
    });
  }
}
