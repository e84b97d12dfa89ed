import type { Operator } from '../../domain/operator/operator.ts';
import type { CallId, UnitId } from '../../domain/shared/ids.ts';
import { MapPoint } from '../../domain/shared/map-point.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import type { UnitAssignment } from '../../domain/unit/unit.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import { type AccessRefusal, operatorActor } from '../operator/operator-access.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { assignmentDetails } from './assignment-audit.ts';
import { lockCallForDispatch } from './dispatch-access.ts';

export interface AssignUnitInput {
  readonly operator: Operator;
  readonly callId: CallId;
  readonly unitId: UnitId;
  /** The pin the unit is sent to: omitted, the call's location; null, no pin. */
  readonly pin?: { readonly mapX: number; readonly mapY: number } | null;
}

export type AssignUnitRefusal = AccessRefusal | 'unknown_unit' | 'unit_off_duty' | 'call_closed' | 'wrong_department' | 'already_assigned';

/** A dispatcher sends an on-duty unit of the call's department to the call, with or without a pin. */
export class AssignUnit {
  constructor(private readonly ports: Pick<Ports, 'calls' | 'units' | 'writes'>) {}

  execute(input: AssignUnitInput): Promise<Outcome<UnitAssignment, AssignUnitRefusal>> {
    return this.ports.writes.run(operatorActor(input.operator), async (now) => {
      const call = await lockCallForDispatch(this.ports.calls, input.operator, input.callId);
      if (!call.ok) return call;
      const unit = await this.ports.units.getForUpdate(input.unitId);
      if (unit === null || unit.organisationId !== call.value.snapshot().organisationId) return refuse('unknown_unit');
      if (!unit.isOnDuty) return refuse('unit_off_duty');
      const pin = input.pin === undefined ? call.value.location : input.pin === null ? null : MapPoint.of(input.pin.mapX, input.pin.mapY);
      const assigned = call.value.assign(unit, now, pin);
      if (!assigned.ok) return assigned;
      await this.ports.units.save(unit);
      await this.ports.calls.save(call.value);
      const details = assignmentDetails(call.value, unit, assigned.value);
      return audited(assigned.value, auditNote(unit.organisationId, 'call.unit_assigned', { type: 'call', id: call.value.id }, details));
    });
  }
}
