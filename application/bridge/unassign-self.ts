import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { UnitId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { UnitStatus } from '../../domain/unit/unit-status.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { type CallRequest, writeOnCallWithOwnUnit } from './call-locking.ts';
import { playerNote } from './player-writes.ts';

/** `/911/unassign`: the officer's own unit leaves the call and is `AVAILABLE` again. */
export class UnassignSelf {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'calls' | 'units' | 'writes'>) {}

  execute(
    input: CallRequest,
  ): Promise<Outcome<{ unitId: UnitId; unitStatus: UnitStatus }, GateRefusal | 'call_not_found' | 'not_assigned' | 'wrong_department'>> {
    return writeOnCallWithOwnUnit(this.ports, input, async ({ call, unit, officer }, now) => {
      const released = call.unassign(unit, now);
      if (!released.ok) return released;
      await this.ports.units.save(unit);
      const details = { callNumber: call.number, unitId: unit.id };
      return audited(
        { unitId: unit.id, unitStatus: unit.status },
        playerNote(input.grant, officer.characterId, 'call.self_unassigned', { type: 'call', id: call.id }, details),
      );
    });
  }
}
