import NodeCache from 'node-cache';
import type { RateDecision, RateLimiter } from '../../application/ports/rate-limiter.ts';
import type { Clock } from '../../application/ports/clock.ts';

/**
 * Fixed windows counted in process memory: a counter per key and window, expiring with the window.
 * Each instance counts on its own; behind a load balancer of N instances a caller gets up to N times
 * the limit (a shared store would be a second adapter of the same port).
 */
export class NodeCacheRateLimiter implements RateLimiter {
  private readonly counters = new NodeCache({ useClones: false, checkperiod: 60 });

  constructor(private readonly clock: Clock) {}

  async consume(key: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    const nowMs = this.clock.now().getTime();
    const windowMs = windowSeconds * 1000;
    const window = Math.floor(nowMs / windowMs);
    const slot = `${key}@${window}`;
    const count = (this.counters.get<number>(slot) ?? 0) + 1;
    this.counters.set(slot, count, windowSeconds + 1);
    const resetSeconds = Math.ceil(((window + 1) * windowMs - nowMs) / 1000);
    return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetSeconds };
  }

  close(): void {
    this.counters.close();
  }
}
