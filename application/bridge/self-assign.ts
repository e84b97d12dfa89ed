import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CallId, UnitId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import type { CallStatus } from '../../domain/call/call-status.ts';
import type { UnitStatus } from '../../domain/unit/unit-status.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { CallRepository } from '../ports/call-repository.ts';
import type { UnitRepository } from '../ports/unit-repository.ts';
import { assignmentDetails } from '../dispatch/assignment-audit.ts';
import { credentialActor } from './bridge-actor.ts';
import type { BridgeGate } from './bridge-gate.ts';
import { lockCallAndUnit } from './call-locking.ts';

export type SelfAssignRefusal = GateRefusal | 'call_not_found' | 'already_assigned' | 'wrong_department';

/**
 * `/911/self-assign`: the officer's own unit takes the call, atomically: the unit becomes
 * `EN_ROUTE` with an assignment pinned at the call's location, and a `PENDING` call `ACTIVE`.
 * The call is locked before the unit (the order every call write uses), so fifty units taking
 * one call and one unit racing for twenty calls both stay consistent.
 */
export class SelfAssign {
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
  }): Promise<Outcome<{ unitId: UnitId; callStatus: CallStatus; unitStatus: UnitStatus }, SelfAssignRefusal>> {
    const { grant } = input;
    return this.writes.run(credentialActor(grant), async (now) => {
      const locked = await lockCallAndUnit(this.gate, this.calls, this.units, input);
      if (!locked.ok) return locked;
      const { call, unit, officer } = locked.value;
      const assigned = call.assign(unit, now);
      // The call refuses when closed; to the bridge a closed call is no longer there.
      if (!assigned.ok) return refuse(assigned.reason === 'call_closed' ? 'call_not_found' : assigned.reason);
      await this.units.save(unit);
      await this.calls.save(call);
      return audited(
        { unitId: unit.id, callStatus: call.status, unitStatus: unit.status },
        {
          organisationId: grant.organisationId,
          action: 'call.self_assigned',
          subject: { type: 'call', id: call.id },
          playerCharacterId: officer.characterId,
          details: assignmentDetails(call, unit, assigned.value),
        },
      );
    });
  }
}
