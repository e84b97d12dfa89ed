import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CallId } from '../../domain/shared/ids.ts';
import { MapPoint } from '../../domain/shared/map-point.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { CallRepository } from '../ports/call-repository.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { RecordNumbers } from '../ports/record-numbers.ts';
import { openNumberedCall } from '../records/open-numbered-call.ts';
import { credentialActor } from './bridge-actor.ts';
import type { BridgeGate } from './bridge-gate.ts';

/** `/panic`: a `P1` call at the officer's position in their department; nobody is assigned. */
export class TriggerPanic {
  constructor(
    private readonly gate: BridgeGate,
    private readonly calls: CallRepository,
    private readonly numbers: RecordNumbers,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  execute(input: {
    grant: GameGrant;
    identifiers: PlayerIdentifiers;
    mapX: number;
    mapY: number;
  }): Promise<Outcome<{ callId: CallId; callNumber: string }, GateRefusal>> {
    const { grant } = input;
    return this.writes.run(credentialActor(grant), async (now) => {
      const officer = await this.gate.onDuty(grant, input.identifiers);
      if (!officer.ok) return officer;
      const unit = officer.value.unit;
      const call = await openNumberedCall(
        { calls: this.calls, numbers: this.numbers, ids: this.ids },
        {
          organisationId: grant.organisationId,
          departmentId: officer.value.departmentId,
          origin: 'panic',
          description: `Panic button pressed by ${unit.label}`,
          location: MapPoint.of(input.mapX, input.mapY),
        },
        now,
      );
      return audited(
        { callId: call.id, callNumber: call.number },
        {
          organisationId: grant.organisationId,
          action: 'call.panic',
          subject: { type: 'call', id: call.id },
          playerCharacterId: officer.value.characterId,
          details: { callNumber: call.number, unitId: unit.id, mapX: input.mapX, mapY: input.mapY },
        },
      );
    });
  }
}
