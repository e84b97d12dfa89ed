import type { PresenceClaim, PresenceOverage } from '../../domain/presence/presence.ts';
import type { CharacterId, OrganisationId } from '../../domain/shared/ids.ts';

export interface PresenceRepository {
  /** Inserts or extends each claim (one per organisation and character), in one statement. */
  renew(claims: readonly PresenceClaim[]): Promise<void>;
  /** Claims of the organisation that have not expired at `now`. */
  countConnected(organisationId: OrganisationId, now: Date): Promise<number>;
  /** The stored claim of each of these characters that has one, lapsed or not (the board shows when it ends). */
  claimsOf(organisationId: OrganisationId, characterIds: readonly CharacterId[]): Promise<PresenceClaim[]>;
  recordOverage(overage: PresenceOverage): Promise<void>;
  /** Newest first. */
  listOverages(organisationId: OrganisationId, limit: number): Promise<PresenceOverage[]>;
}
