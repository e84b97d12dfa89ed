import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CallId, UnitId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { UnitStatus } from '../../domain/unit/unit-status.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { CallRepository } from '../ports/call-repository.ts';
import type { UnitRepository } from '../ports/unit-repository.ts';
import { credentialActor } from './bridge-actor.ts';
import type { BridgeGate } from './bridge-gate.ts';
import { lockCallAndUnit } from './call-locking.ts';

/** `/911/unassign`: the officer's own unit leaves the call and is `AVAILABLE` again. */
export class UnassignSelf {
  constructor(
    private readonly gate: BridgeGate,
    private readonly calls: CallRepository,
    private readonly units: UnitRepository,
    private readonly writes: AuditedWrites,
  ) {}

  execute(input: {
    grant: GameGrant;
    identifiers: PlayerIdentifiers;
    callId: CallId;
  }): Promise<Outcome<{ unitId: UnitId; unitStatus: UnitStatus }, GateRefusal | 'call_not_found' | 'not_assigned' | 'wrong_department'>> {
    const { grant } = input;
    return this.writes.run(credentialActor(grant), async (now) => {
      const locked = await lockCallAndUnit(this.gate, this.calls, this.units, input);
      if (!locked.ok) return locked;
      const { call, unit, officer } = locked.value;
      const released = call.unassign(unit, now);
      if (!released.ok) return released;
      await this.units.save(unit);
      return audited(
        { unitId: unit.id, unitStatus: unit.status },
        {
          organisationId: grant.organisationId,
          action: 'call.self_unassigned',
          subject: { type: 'call', id: call.id },
          playerCharacterId: officer.characterId,
          details: { callNumber: call.number, unitId: unit.id },
        },
      );
    });
  }
}
