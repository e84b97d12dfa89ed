import NodeCache from 'node-cache';
import type { Clock } from '../../application/ports/clock.ts';
import type { RateDecision, RateLimiter } from '../../application/ports/rate-limiter.ts';

/** Admissions per second over the last window and one second more, in a ring indexed by second. */
interface Slots {
  readonly counts: Uint32Array;
  readonly seconds: Float64Array;
}

/**
 * A sliding window counted in one-second slots. An admitted request counts for the window and the
 * rest of its second, so between 60 and 61 s: no 60 s span ever admits more than the limit, even
 * across a minute boundary (a caller may wait up to a second longer than strictly needed).
 * Memory is the same for every limit: window + 1 counters per caller. node-cache drops callers
 * idle for a window. Each instance counts on its own: behind N instances a caller gets up to N
 * times the limit.
 */
export class NodeCacheRateLimiter implements RateLimiter {
  private readonly callers = new NodeCache({ useClones: false, checkperiod: 120 });

  constructor(private readonly clock: Clock) {}

  async consume(key: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    const now = this.clock.now().getTime() / 1000;
    const second = Math.floor(now);
    const span = windowSeconds + 1;
    const slot = `${key}#${windowSeconds}`;
    const slots = this.callers.get<Slots>(slot) ?? { counts: new Uint32Array(span), seconds: new Float64Array(span).fill(-Infinity) };
    let used = 0;
    let oldest = second;
    for (let i = 0; i < span; i++) {
      if (slots.seconds[i]! > second - span && slots.counts[i]! > 0) {
        used += slots.counts[i]!;
        oldest = Math.min(oldest, slots.seconds[i]!);
      }
    }
    const resetSeconds = Math.max(1, Math.ceil(oldest + span - now));
    if (used >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    const index = second % span;
    if (slots.seconds[index] !== second) {
      slots.seconds[index] = second;
      slots.counts[index] = 0;
    }
    slots.counts[index] = slots.counts[index]! + 1;
    this.callers.set(slot, slots, span);
    return { allowed: true, limit, remaining: limit - used - 1, resetSeconds };
  }

  close(): void {
    this.callers.close();
  }
}
