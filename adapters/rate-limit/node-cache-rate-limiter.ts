import NodeCache from 'node-cache';
import type { Clock } from '../../application/ports/clock.ts';
import type { RateDecision, RateLimiter } from '../../application/ports/rate-limiter.ts';

/** The last `limit` admission times of one caller, oldest at `next` once the ring is full. */
interface Ring {
  readonly times: Float64Array;
  next: number;
  filled: number;
}

/**
 * A sliding log: a request is admitted when fewer than `limit` requests were admitted in the
 * window before it, so no 60 s span ever holds more than the limit, even across a minute
 * boundary. The ring makes each decision O(1); node-cache drops callers idle for a window.
 * Each instance counts on its own: behind N instances a caller gets up to N times the limit.
 */
export class NodeCacheRateLimiter implements RateLimiter {
  private readonly rings = new NodeCache({ useClones: false, checkperiod: 120 });

  constructor(private readonly clock: Clock) {}

  async consume(key: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    const now = this.clock.now().getTime();
    const windowMs = windowSeconds * 1000;
    const slot = `${key}#${limit}`;
    const ring = this.rings.get<Ring>(slot) ?? { times: new Float64Array(limit), next: 0, filled: 0 };
    const oldest = ring.filled < limit ? undefined : ring.times[ring.next]!;
    if (oldest !== undefined && now - oldest < windowMs) {
      return { allowed: false, limit, remaining: 0, resetSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
    }
    ring.times[ring.next] = now;
    ring.next = (ring.next + 1) % limit;
    ring.filled = Math.min(limit, ring.filled + 1);
    this.rings.set(slot, ring, windowSeconds);
    const resetFrom = ring.filled < limit ? now : ring.times[ring.next]!;
    return { allowed: true, limit, remaining: limit - this.admittedSince(ring, now - windowMs), resetSeconds: Math.ceil((resetFrom + windowMs - now) / 1000) };
  }

  close(): void {
    this.rings.close();
  }

  private admittedSince(ring: Ring, since: number): number {
    let count = 0;
    for (let i = 0; i < ring.filled; i++) if (ring.times[i]! > since) count += 1;
    return count;
  }
}
