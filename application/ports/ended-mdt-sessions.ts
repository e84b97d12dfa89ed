/**
 * The MDT sessions that ended before their expiry because their officer signed out (decision 0108).
 * A session is a signed token with no record of its own, so this list is what every instance reads,
 * on every MDT request and at every check of the MDT channel, until the session would have expired
 * anyway; then its entry may go.
 */
export interface EndedMdtSessions {
  /** Lists the session as ended until `until` (its own expiry). False when it was listed already. */
  end(sessionId: string, until: Date): Promise<boolean>;
  /** Whether the session was signed out. */
  isEnded(sessionId: string): Promise<boolean>;
  /** Forgets up to `limit` entries whose session has expired by `now`; how many it forgot. */
  purge(now: Date, limit: number): Promise<number>;
}
