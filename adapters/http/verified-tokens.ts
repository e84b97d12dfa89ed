import NodeCache from 'node-cache';

/** How many verified tokens are kept at most: far more than the credentials of one installation. */
const MAX_TOKENS = 10_000;

/**
 * Bearer tokens the guard has verified, by the exact `Authorization` header that carried them, until
 * they expire. A game server sends the same token with every heartbeat of every officer for its
 * 12 minutes; verifying the same bytes again proves nothing the first verification did not.
 * Only a header the guard accepted enters, with the claims it verified; a hit is checked against the
 * token's `exp` again, so an expired token is always verified again and gets its 401
 * (decision 0052). Nothing about a player is kept: a token is the credential's.
 */
export class VerifiedTokens {
  private readonly tokens = new NodeCache({ useClones: false, checkperiod: 60, maxKeys: MAX_TOKENS });

  /** The claims of a header verified before and not yet expired; undefined otherwise. */
  claims(header: string, nowMs: number): unknown {
    if (header === '') return undefined;
    const kept = this.tokens.get<{ readonly claims: unknown; readonly expiresMs: number }>(header);
    return kept !== undefined && nowMs < kept.expiresMs ? kept.claims : undefined;
  }

  /** Keeps what the guard verified until the token's `exp`; a token without one is not kept. */
  remember(header: string, claims: unknown, nowMs: number): void {
    const exp = (claims as { exp?: unknown } | null)?.exp;
    if (typeof exp !== 'number') return;
    const expiresMs = exp * 1000;
    const ttlSeconds = Math.ceil((expiresMs - nowMs) / 1000);
    if (ttlSeconds <= 0 || this.tokens.keys().length >= MAX_TOKENS) return;
    this.tokens.set(header, { claims, expiresMs }, ttlSeconds);
  }
}
