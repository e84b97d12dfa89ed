import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { UnitId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import { isStatusChange } from '../../domain/unit/unit-events.ts';
import type { UnitStatus } from '../../domain/unit/unit-status.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { writeOwnRecord } from './own-record-write.ts';

/**
 * `PATCH /units/:unitId/status`: any of the six statuses may follow any status. Going
 * `OFF_DUTY` ends the unit's assignment (decision 0002), which the waypoint channel then reports.
 */
export class SetUnitStatus {
  constructor(private readonly ports: Pick<Ports, 'units' | 'writes'>) {}

  execute(input: { grant: AccessGrant; unitId: UnitId; status: UnitStatus; reason?: string }): Promise<Outcome<Unit, 'not_found'>> {
    const load = () => this.ports.units.getForUpdate(input.unitId);
    return writeOwnRecord(this.ports.writes, input.grant, load, async (unit, now) => {
      const endedCallId = unit.assignment?.callId ?? null;
      unit.setStatusByDispatch(input.status, now);
      // The status move is read here and taken by the board feed as the unit is saved; the assignment's end is the waypoint feed's.
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
