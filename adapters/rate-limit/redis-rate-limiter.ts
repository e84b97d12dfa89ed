import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateDecision, RateLimiter } from '../../application/ports/rate-limiter.ts';
import { SLIDING_WINDOW_SCRIPT } from './sliding-window-script.ts';

export interface RedisRateLimiterOptions {
  /** A client without an offline queue, so that a command fails at once while Redis is away. */
  readonly client: Redis;
  /** Namespaces every key, so that several services or test runs can share one Redis. */
  readonly prefix: string;
  /** Counts while Redis cannot: the in-process windows, the same rule per instance. Closed with this limiter. */
  readonly fallback: RateLimiter & { close(): void };
  /** Told of each request counted by the fallback, with why. */
  readonly onFallback: (error: unknown) => void;
}

/**
 * The windows of decision 0005 kept in Redis, so that every instance spends from one budget per
 * caller. rate-limiter-flexible runs the sliding-window script atomically per admission; while
 * Redis does not answer, each request is counted by the in-process fallback instead (decision
 * 0033), and the next request goes back to Redis.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, RateLimiterRedis>();

  constructor(private readonly options: RedisRateLimiterOptions) {}

  async consume(key: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    try {
      const admitted = await this.window(limit, windowSeconds).consume(key, 1);
      return { allowed: true, limit, remaining: admitted.remainingPoints, resetSeconds: seconds(admitted.msBeforeNext) };
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return { allowed: false, limit, remaining: 0, resetSeconds: seconds(outcome.msBeforeNext) };
      this.options.onFallback(outcome);
      return this.options.fallback.consume(key, limit, windowSeconds);
    }
  }

  close(): void {
    this.options.fallback.close();
  }

  /** One limiter per limit and window (the library fixes both per instance); the key carries the window. */
  private window(limit: number, windowSeconds: number): RateLimiterRedis {
    const name = `${limit}/${windowSeconds}`;
    let limiter = this.windows.get(name);
    if (limiter === undefined) {
      limiter = new RateLimiterRedis({
        storeClient: this.options.client,
        keyPrefix: `${this.options.prefix}rate:${windowSeconds}s`,
        points: limit,
        duration: windowSeconds,
        customIncrTtlLuaScript: SLIDING_WINDOW_SCRIPT,
        // Not ready: fail at once (and fall back) rather than wait on a reconnection.
        rejectIfRedisNotReady: true,
      });
      this.windows.set(name, limiter);
    }
    return limiter;
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
