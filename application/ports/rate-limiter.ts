export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window that refused the request ends. */
  readonly resetSeconds: number;
}

/** Counts requests per key in fixed windows. */
export interface RateLimiter {
  consume(key: string, limit: number, windowSeconds: number): Promise<RateDecision>;
}
