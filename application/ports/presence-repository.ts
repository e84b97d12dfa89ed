import type { PresenceClaim, PresenceOverage } from '../../domain/presence/presence.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';

export interface PresenceRepository {
  /** Inserts or extends each claim (one per organisation and character), in one statement. */
  renew(claims: readonly PresenceClaim[]): Promise<void>;
  /** Claims of the organisation that have not expired at `now`. */
  countConnected(organisationId: OrganisationId, now: Date): Promise<number>;
  recordOverage(overage: PresenceOverage): Promise<void>;
  /** Newest first. */
  listOverages(organisationId: OrganisationId, limit: number): Promise<PresenceOverage[]>;
}
