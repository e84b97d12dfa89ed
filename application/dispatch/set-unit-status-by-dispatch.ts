import type { Operator } from '../../domain/operator/operator.ts';
import type { UnitId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import { isStatusChange } from '../../domain/unit/unit-events.ts';
import type { UnitStatus } from '../../domain/unit/unit-status.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import { type AccessRefusal, authorise, operatorActor } from '../operator/operator-access.ts';
import type { Ports } from '../ports/port-catalogue.ts';

/**
 * A dispatcher sets any of the six statuses of a unit of the organisation (section 3: "only a
 * dispatcher or an API credential sets them"); `OFF_DUTY` ends its assignment. Audited with the
 * key as the actor and the reason given, as the API credential's change is.
 */
export class SetUnitStatusByDispatch {
  constructor(private readonly ports: Pick<Ports, 'units' | 'writes'>) {}

  execute(input: { operator: Operator; unitId: UnitId; status: UnitStatus; reason?: string }): Promise<Outcome<Unit, AccessRefusal>> {
    return this.ports.writes.run(operatorActor(input.operator), async (now) => {
      const unit = await this.ports.units.getForUpdate(input.unitId);
      if (unit === null) return refuse('not_found');
      const access = authorise(input.operator, 'dispatch.manage', unit.organisationId);
      if (!access.ok) return access;
      const endedCallId = unit.assignment?.callId ?? null;
      unit.setStatusByDispatch(input.status, now);
      const [moved] = unit.events.pending().filter(isStatusChange);
      const ended = endedCallId !== null && unit.assignment === null;
      if (moved === undefined && !ended) return unchanged(unit);
      await this.ports.units.save(unit);
      const details = {
        from: moved?.from ?? unit.status,
        to: unit.status,
        ...(input.reason === undefined ? {} : { reason: input.reason }),
        ...(ended ? { endedCallId } : {}),
      };
      return audited(unit, auditNote(unit.organisationId, 'unit.status_changed', { type: 'unit', id: unit.id }, details));
    });
  }
}
