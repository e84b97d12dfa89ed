import type { Membership } from '../../../domain/roster/membership.ts';

/** A character's place on a department's roster, with its unit; `endedAt` is when the member was removed. */
export function membershipView(membership: Membership) {
  const { id, organisationId, departmentId, characterId, unitId, createdAt, endedAt } = membership;
  return {
    membershipId: id,
    organisationId,
    departmentId,
    characterId,
    unitId,
    createdAt: createdAt.toISOString(),
    endedAt: endedAt?.toISOString() ?? null,
  };
}
