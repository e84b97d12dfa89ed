import type { Operator } from '../../domain/operator/operator.ts';
import type { UnitId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { AccessRefusal } from './operator-access.ts';
import { writeWithinReach } from './operator-write.ts';

export interface UpdateUnitInput {
  readonly operator: Operator;
  readonly unitId: UnitId;
  readonly isActive?: boolean;
  /** A new callsign, or null to take it away. */
  readonly callsign?: string | null;
}

/** Activates or deactivates a unit, or changes its callsign (its label). */
export class UpdateUnit {
  constructor(private readonly ports: Pick<Ports, 'units' | 'writes'>) {}

  async execute(
    input: UpdateUnitInput,
  ): Promise<Outcome<Unit, AccessRefusal | 'callsign_taken' | 'nothing_to_change' | 'membership_ended'>> {
    if (input.isActive === undefined && input.callsign === undefined) return refuse('nothing_to_change');
    const load = () => this.ports.units.getForUpdate(input.unitId);
    const change = (unit: Unit, now: Date) => this.change(input, unit, now);
    return writeWithinReach(this.ports.writes, input.operator, 'roster.manage', load, change, { unit_callsign: 'callsign_taken' });
  }

  private async change(input: UpdateUnitInput, unit: Unit, now: Date) {
    const { callsign, isActive } = input;
    // The unit of a removed member is kept for its history only (decision 0140).
    if (unit.hasEnded) return refuse('membership_ended');
    if (callsign !== undefined && callsign !== null && callsign !== unit.callsign) {
      if ((await this.ports.units.findByCallsign(unit.departmentId, callsign)) !== null) return refuse('callsign_taken');
    }
    if (callsign !== undefined) unit.assignCallsign(callsign);
    if (isActive !== undefined) unit.setActive(isActive, now);
    await this.ports.units.save(unit);
    return audited(unit, auditNote(unit.organisationId, 'unit.updated', { type: 'unit', id: unit.id }, { isActive, callsign }));
  }
}
