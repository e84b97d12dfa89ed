import type { CharacterId, DepartmentId, MembershipId, OrganisationId, UnitId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';
import type { Unit } from '../unit/unit.ts';

/** A character's place on a department's roster; it always comes with exactly one unit. */
export interface Membership {
  readonly id: MembershipId;
  readonly organisationId: OrganisationId;
  readonly departmentId: DepartmentId;
  readonly characterId: CharacterId;
  readonly unitId: UnitId;
  readonly createdAt: Date;
  /**
   * When the member was removed from the department; null while current. An ended membership is
   * kept, with its unit, for the history that names them (decision 0140).
   */
  readonly endedAt: Date | null;
}

/**
 * A member is removed from a department's roster: the membership ends rather than disappearing,
 * and its unit ends with it (off duty, out of any call, inactive, its callsign free again). The
 * unit is the one read under lock, so that a removal and a `/duty` on it are judged in turn.
 */
export function endMembership(membership: Membership, unit: Unit, now: Date): Outcome<Membership, 'already_ended'> {
  if (membership.endedAt !== null) return refuse('already_ended');
  if (unit.id !== membership.unitId) throw new Error(`unit ${unit.id} is not the unit of membership ${membership.id}`);
  unit.end(now);
  return accept({ ...membership, endedAt: now });
}
