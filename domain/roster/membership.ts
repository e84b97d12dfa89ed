import type { CharacterId, DepartmentId, MembershipId, OrganisationId, UnitId } from '../shared/ids.ts';

/** A character's place on a department's roster; it always comes with exactly one unit. */
export interface Membership {
  readonly id: MembershipId;
  readonly organisationId: OrganisationId;
  readonly departmentId: DepartmentId;
  readonly characterId: CharacterId;
  readonly unitId: UnitId;
  readonly createdAt: Date;
}
