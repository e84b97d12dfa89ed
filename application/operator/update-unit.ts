import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { UnitId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import { auditNote } from '../audit/audit-note.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { UnitRepository } from '../ports/unit-repository.ts';
import { type AccessRefusal, operatorActor, withinReach } from './operator-access.ts';

export interface UpdateUnitInput {
  readonly operator: OperatorKey;
  readonly unitId: UnitId;
  readonly isActive?: boolean;
  /** A new callsign, or null to take it away. */
  readonly callsign?: string | null;
}

/** Activates or deactivates a unit, or changes its callsign (its label). */
export class UpdateUnit {
  constructor(
    private readonly units: UnitRepository,
    private readonly writes: AuditedWrites,
  ) {}

  async execute(input: UpdateUnitInput): Promise<Outcome<Unit, AccessRefusal | 'callsign_taken' | 'nothing_to_change'>> {
    if (input.isActive === undefined && input.callsign === undefined) return refuse('nothing_to_change');
    return this.writes.run(
      operatorActor(input.operator),
      async (now) => {
        const reached = withinReach(input.operator, 'roster.manage', await this.units.getForUpdate(input.unitId));
        if (!reached.ok) return reached;
        const unit = reached.value;
        const { callsign, isActive } = input;
        if (callsign !== undefined && callsign !== null && callsign !== unit.callsign) {
          if ((await this.units.findByCallsign(unit.departmentId, callsign)) !== null) return refuse('callsign_taken');
        }
        if (callsign !== undefined) unit.assignCallsign(callsign);
        if (isActive !== undefined) unit.setActive(isActive, now);
        await this.units.save(unit);
        return audited(unit, auditNote(unit.organisationId, 'unit.updated', { type: 'unit', id: unit.id }, { isActive, callsign }));
      },
      { unit_callsign: 'callsign_taken' },
    );
  }
}
