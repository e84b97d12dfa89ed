import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { UnitId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import type { UnitStatus } from '../../domain/unit/unit-status.ts';
import { type AuditedWrites, audited, unchanged } from '../audit/audited-writes.ts';
import { credentialActor } from '../bridge/bridge-actor.ts';
import type { UnitRepository } from '../ports/unit-repository.ts';
import { ownRecord } from './api-access.ts';

/**
 * `PATCH /units/:unitId/status`: any of the six statuses may follow any status. Going
 * `OFF_DUTY` ends the unit's assignment (decision 0002), which the waypoint channel then reports.
 */
export class SetUnitStatus {
  constructor(
    private readonly units: UnitRepository,
    private readonly writes: AuditedWrites,
  ) {}

  execute(input: { grant: AccessGrant; unitId: UnitId; status: UnitStatus; reason?: string }): Promise<Outcome<Unit, 'not_found'>> {
    const { grant } = input;
    return this.writes.run(credentialActor(grant), async (now) => {
      const unit = ownRecord(grant, await this.units.getForUpdate(input.unitId));
      if (unit === null) return refuse('not_found');
      const from = unit.status;
      const endedCallId = unit.assignment?.callId ?? null;
      unit.setStatusByDispatch(input.status, now);
      const ended = endedCallId !== null && unit.assignment === null;
      if (from === unit.status && !ended) return unchanged(unit);
      await this.units.save(unit);
      return audited(unit, {
        organisationId: unit.organisationId,
        action: 'unit.status_changed',
        subject: { type: 'unit', id: unit.id },
        details: {
          from,
          to: unit.status,
          ...(input.reason === undefined ? {} : { reason: input.reason }),
          ...(ended ? { endedCallId } : {}),
        },
      });
    });
  }
}
