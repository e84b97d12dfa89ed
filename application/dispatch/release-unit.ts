import type { Operator } from '../../domain/operator/operator.ts';
import type { CallId, UnitId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import { type AccessRefusal, operatorActor } from '../operator/operator-access.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { lockCallForDispatch } from './dispatch-access.ts';

/** A dispatcher takes a unit off the call; it is `AVAILABLE` again. */
export class ReleaseUnit {
  constructor(private readonly ports: Pick<Ports, 'calls' | 'units' | 'writes'>) {}

  execute(input: { operator: Operator; callId: CallId; unitId: UnitId }): Promise<Outcome<null, AccessRefusal | 'not_assigned'>> {
    return this.ports.writes.run(operatorActor(input.operator), async (now) => {
      const call = await lockCallForDispatch(this.ports.calls, input.operator, input.callId);
      if (!call.ok) return call;
      const unit = await this.ports.units.getForUpdate(input.unitId);
      if (unit === null || unit.organisationId !== call.value.snapshot().organisationId) return refuse('not_assigned');
      const released = call.value.unassign(unit, now);
      if (!released.ok) return refuse('not_assigned');
      await this.ports.units.save(unit);
      const details = { callNumber: call.value.number, unitId: unit.id };
      return audited(null, auditNote(unit.organisationId, 'call.unit_released', { type: 'call', id: call.value.id }, details));
    });
  }
}
