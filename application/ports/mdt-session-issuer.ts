import type { MdtTier } from '../../domain/roster/mdt-handoff.ts';
import type { CharacterId, CharacterPublicId, DepartmentId, OrganisationId, UnitId } from '../../domain/shared/ids.ts';

export interface MdtSession {
  readonly organisationId: OrganisationId;
  readonly characterId: CharacterId;
  readonly characterPublicId: CharacterPublicId;
  readonly departmentId: DepartmentId;
  readonly unitId: UnitId | null;
  readonly tier: MdtTier;
}

/** Signs the session an MDT web client works with after a hand-off; never valid as an access token. */
export interface MdtSessionIssuer {
  issue(session: MdtSession, now: Date): { readonly sessionToken: string; readonly expiresAt: Date };
}
