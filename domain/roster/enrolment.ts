import type { Department } from '../organisation/department.ts';
import type { CharacterId, MembershipId, UnitId } from '../shared/ids.ts';
import { Unit } from '../unit/unit.ts';
import type { Membership } from './membership.ts';

export interface Enrolment {
  readonly membership: Membership;
  readonly unit: Unit;
}

/**
 * A character joins a department's roster: a membership, and the one unit it goes on duty as,
 * off duty to begin with. A dispatcher enrols members by hand; `/duty` enrols a new player.
 */
export function enrolMember(
  department: Pick<Department, 'id' | 'organisationId'>,
  characterId: CharacterId,
  callsign: string | null,
  ids: { readonly membershipId: MembershipId; readonly unitId: UnitId },
  now: Date,
): Enrolment {
  const { organisationId, id: departmentId } = department;
  const { membershipId, unitId } = ids;
  const unit = Unit.enrol({ id: unitId, organisationId, departmentId, membershipId, characterId, callsign }, now);
  return { membership: { id: membershipId, organisationId, departmentId, characterId, unitId, createdAt: now, endedAt: null }, unit };
}
