import { POSITION_LIFETIME_MS } from '../application/events/live-positions.ts';
import type { PositionCache } from '../application/ports/position-cache.ts';
import type { RateLimiter } from '../application/ports/rate-limiter.ts';
import { RedisPositionCache } from '../adapters/live-positions/index.ts';
import { RedisRateLimiter } from '../adapters/rate-limit/redis-rate-limiter.ts';
import { type FanOut, redisFanOut } from '../adapters/realtime-socketio/redis-fan-out.ts';
import { RedisWaypointLog, type WaypointLog, type WaypointLogBounds } from '../adapters/realtime-socketio/waypoint-log.ts';
import { RedisLink } from '../adapters/redis/redis-link.ts';

/** REDIS_URL and its companions: where the state that instances share lives. */
export interface RedisOption {
  readonly url: string;
  /** Prefix of every key and channel (`cad:` by default): several services or test runs can share one Redis. */
  readonly prefix: string;
  /** Bounds a connection attempt and every command, in milliseconds. */
  readonly timeoutMs: number;
}

/**
 * What several instances share (decision 0032): the rate-limit windows and the realtime fan-out,
 * both on Redis. Without it each instance keeps its own, as a single process does.
 */
export interface SharedState {
  /** The shared windows, counting in `fallback` while Redis does not answer. */
  rateLimiter(fallback: RateLimiter & { close(): void }): RateLimiter & { close(): void };
  /** The last known positions of units, shared by every instance (the map a board shows as it connects). */
  positionCache(): PositionCache;
  /** The Socket.IO adapter that carries waypoint events to every instance's sockets. */
  readonly fanOut: FanOut;
  /** The waypoint events reconnecting sockets resume from, kept in Redis for every instance (decision 0091). */
  waypointLog(bounds: WaypointLogBounds): WaypointLog;
  /** Names of the backing services running degraded right now: `['redis']` while Redis is away. */
  degraded(): readonly string[];
  close(): Promise<void>;
}

interface Warner {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Connects to Redis. Never fails the start: a Redis that does not answer within the timeout leaves
 * the service degraded (per-instance limits, local events), and it recovers on its own.
 */
export async function openSharedState(option: RedisOption, logger: Warner): Promise<SharedState> {
  const link = new RedisLink({ url: option.url, timeoutMs: option.timeoutMs, logger });
  if (!(await link.ready()))
    logger.warn({ redis: 'unreachable' }, 'Redis does not answer at start: the service runs degraded until it does');
  return {
    rateLimiter: (fallback) =>
      new RedisRateLimiter({
        client: link.commands,
        prefix: option.prefix,
        fallback,
        // The link logs the outage once; a fallback while it still looks healthy (a timeout) is worth a line.
        onFallback: (error) => {
          if (link.healthy) logger.warn({ reason: String(error) }, 'rate limit counted in this instance: Redis did not answer');
        },
      }),
    positionCache: () =>
      new RedisPositionCache({
        client: link.commands,
        prefix: option.prefix,
        lifetimeMs: POSITION_LIFETIME_MS,
        onFailure: (error) => {
          if (link.healthy) logger.warn({ reason: String(error) }, 'a unit position was not kept in Redis');
        },
      }),
    fanOut: redisFanOut({
      publisher: link.commands,
      subscriber: link.subscriber,
      prefix: option.prefix,
      onPublishFailed: (error) => {
        if (link.healthy)
          logger.warn({ reason: String(error) }, "waypoint event reached this instance's sockets only: Redis did not answer");
      },
    }),
    waypointLog: (bounds) => new RedisWaypointLog(link.commands, option.prefix, bounds),
    degraded: () => (link.healthy ? [] : ['redis']),
    close: () => link.close(),
  };
}
