import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { UnitId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { UnitStatus } from '../../domain/unit/unit-status.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { CallRepository } from '../ports/call-repository.ts';
import type { UnitRepository } from '../ports/unit-repository.ts';
import type { BridgeGate } from './bridge-gate.ts';
import { type CallRequest, writeOnCallWithOwnUnit } from './call-locking.ts';
import { playerNote } from './player-writes.ts';

/** `/911/unassign`: the officer's own unit leaves the call and is `AVAILABLE` again. */
export class UnassignSelf {
  constructor(
    private readonly gate: BridgeGate,
    private readonly calls: CallRepository,
    private readonly units: UnitRepository,
    private readonly writes: AuditedWrites,
  ) {}

  execute(
    input: CallRequest,
  ): Promise<Outcome<{ unitId: UnitId; unitStatus: UnitStatus }, GateRefusal | 'call_not_found' | 'not_assigned' | 'wrong_department'>> {
    const ports = { gate: this.gate, calls: this.calls, units: this.units, writes: this.writes };
    return writeOnCallWithOwnUnit(ports, input, async ({ call, unit, officer }, now) => {
      const released = call.unassign(unit, now);
      if (!released.ok) return released;
      await this.units.save(unit);
      const details = { callNumber: call.number, unitId: unit.id };
      return audited(
        { unitId: unit.id, unitStatus: unit.status },
        playerNote(input.grant, officer.characterId, 'call.self_unassigned', { type: 'call', id: call.id }, details),
      );
    });
  }
}
