import type { MdtTier } from '../../domain/roster/mdt-handoff.ts';
import type { CharacterId, CharacterPublicId, CredentialId, DepartmentId, OrganisationId, UnitId } from '../../domain/shared/ids.ts';

export interface MdtSession {
  readonly organisationId: OrganisationId;
  readonly characterId: CharacterId;
  readonly characterPublicId: CharacterPublicId;
  /** The game credential whose hand-off opened the session; the MDT acts in its department, with its scopes. */
  readonly credentialId: CredentialId;
  readonly departmentId: DepartmentId;
  readonly unitId: UnitId | null;
  /** The tier at hand-off: the most the session may ever do; each request judges it again. */
  readonly tier: MdtTier;
  /** When it was issued, read back from a verified session: one issued before its credential's secret was rotated has ended. */
  readonly issuedAt?: Date;
  /** The session's own id, read back from a verified session: a signed-out one is listed as ended until it expires. */
  readonly sessionId: string;
  /** When it ends by itself (a shift after it was issued), read back from a verified session. */
  readonly expiresAt: Date;
}

/** What a session is issued with; the issuer gives it its id, its issue time and its expiry. */
export type MdtSessionGrant = Omit<MdtSession, 'issuedAt' | 'sessionId' | 'expiresAt'>;

/** Signs the session an MDT web client works with after a hand-off; never valid as an access token. */
export interface MdtSessionIssuer {
  issue(session: MdtSessionGrant, now: Date): { readonly sessionToken: string; readonly expiresAt: Date };
}
