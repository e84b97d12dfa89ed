import type { CharacterId, CredentialId, OrganisationId } from '../shared/ids.ts';

/** The interval game resources send `/presence` at (`cad_presence_heartbeat_interval_ms`). */
export const PRESENCE_HEARTBEAT_MS = 30_000;
/** A claim lapses after two heartbeats without renewal: there is no leave call. */
export const PRESENCE_CLAIM_TTL_MS = 2 * PRESENCE_HEARTBEAT_MS;
export const MAX_PRESENCE_IDENTIFIERS = 500;

/** A linked account counted as connected toward the organisation's `concurrent_accounts.max`. */
export interface PresenceClaim {
  readonly organisationId: OrganisationId;
  readonly characterId: CharacterId;
  /** The credential whose heartbeat renewed it last. */
  readonly credentialId: CredentialId;
  readonly renewedAt: Date;
  readonly expiresAt: Date;
}

export function renewedClaim(
  input: { organisationId: OrganisationId; characterId: CharacterId; credentialId: CredentialId },
  now: Date,
): PresenceClaim {
  return { ...input, renewedAt: now, expiresAt: new Date(now.getTime() + PRESENCE_CLAIM_TTL_MS) };
}

/** A heartbeat that left more accounts connected than the organisation's limit. Nobody is disconnected. */
export interface PresenceOverage {
  readonly organisationId: OrganisationId;
  readonly at: Date;
  readonly connected: number;
  readonly max: number;
}

export function overageOf(organisationId: OrganisationId, connected: number, max: number | null, at: Date): PresenceOverage | null {
  return max !== null && connected > max ? { organisationId, at, connected, max } : null;
}
