import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { UnitId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import type { CallStatus } from '../../domain/call/call-status.ts';
import type { UnitStatus } from '../../domain/unit/unit-status.ts';
import { audited } from '../audit/audited-writes.ts';
import { assignmentDetails } from '../dispatch/assignment-audit.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { type CallRequest, writeOnCallWithOwnUnit } from './call-locking.ts';
import { playerNote } from './player-writes.ts';

export type SelfAssignRefusal = GateRefusal | 'call_not_found' | 'already_assigned' | 'wrong_department';

export interface SelfAssigned {
  readonly unitId: UnitId;
  readonly callStatus: CallStatus;
  readonly unitStatus: UnitStatus;
}

/**
 * `/911/self-assign`: the officer's own unit takes the call, atomically: the unit becomes
 * `EN_ROUTE` with an assignment pinned at the call's location, and a `PENDING` call `ACTIVE`.
 * The call is locked before the unit (the order every call write uses), so fifty units taking
 * one call and one unit racing for twenty calls both stay consistent.
 */
export class SelfAssign {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'calls' | 'units' | 'writes'>) {}

  execute(input: CallRequest): Promise<Outcome<SelfAssigned, SelfAssignRefusal>> {
    return writeOnCallWithOwnUnit(this.ports, input, async ({ call, unit, officer }, now) => {
      const assigned = call.assign(unit, now);
      // The call refuses when closed; to the bridge a closed call is no longer there.
      if (!assigned.ok) return refuse(assigned.reason === 'call_closed' ? 'call_not_found' : assigned.reason);
      await this.ports.units.save(unit);
      await this.ports.calls.save(call);
      const note = playerNote(
        input.grant,
        officer.characterId,
        'call.self_assigned',
        { type: 'call', id: call.id },
        assignmentDetails(call, unit, assigned.value),
      );
      return audited({ unitId: unit.id, callStatus: call.status, unitStatus: unit.status }, note);
    });
  }
}
