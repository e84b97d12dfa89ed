import type { Operator } from '../../domain/operator/operator.ts';
import type { CallId, UnitId } from '../../domain/shared/ids.ts';
import { MapPoint } from '../../domain/shared/map-point.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import type { UnitAssignment } from '../../domain/unit/unit.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import { type AccessRefusal, operatorActor } from '../operator/operator-access.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { lockCallForDispatch } from './dispatch-access.ts';

/** A dispatcher moves (or removes, with null) the pin a unit assigned to the call is sent to. */
export class MovePin {
  constructor(private readonly ports: Pick<Ports, 'calls' | 'units' | 'writes'>) {}

  execute(input: {
    operator: Operator;
    callId: CallId;
    unitId: UnitId;
    pin: { mapX: number; mapY: number } | null;
  }): Promise<Outcome<UnitAssignment, AccessRefusal | 'not_assigned'>> {
    return this.ports.writes.run(operatorActor(input.operator), async (now) => {
      const call = await lockCallForDispatch(this.ports.calls, input.operator, input.callId);
      if (!call.ok) return call;
      const unit = await this.ports.units.getForUpdate(input.unitId);
      if (unit === null || unit.organisationId !== call.value.snapshot().organisationId) return refuse('not_assigned');
      const pin = input.pin === null ? null : MapPoint.of(input.pin.mapX, input.pin.mapY);
      const moved = unit.movePin(call.value.id, pin, now);
      if (!moved.ok) return moved;
      await this.ports.units.save(unit);
      const details = { callNumber: call.value.number, unitId: unit.id, pin: input.pin };
      return audited(moved.value, auditNote(unit.organisationId, 'call.pin_moved', { type: 'call', id: call.value.id }, details));
    });
  }
}
