import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { ServerOptions } from 'socket.io';

/** The Socket.IO adapter that carries every broadcast to the other instances, as `startRealtime` takes it. */
export type FanOut = ServerOptions['adapter'];

export interface RedisFanOutOptions {
  /** Sends PUBLISH; a client without an offline queue, so that a publish fails at once while Redis is away. */
  readonly publisher: Redis;
  /** Holds the subscription; ioredis renews it on every reconnection. */
  readonly subscriber: Redis;
  /** Namespaces the channels, so that several services or test runs can share one Redis. */
  readonly prefix: string;
  /** Told of each publish that failed: that event reached this instance's sockets only. */
  readonly onPublishFailed: (error: unknown) => void;
}

/**
 * Socket.IO's Redis (pub/sub) adapter (decision 0032). A broadcast is written to this instance's
 * sockets at once and published once; every other instance writes it to its own sockets, and the
 * publisher ignores its own message, so each socket receives it exactly once. The adapter does not
 * handle a failed command (a PUBLISH while Redis is away, an UNSUBSCRIBE at close): its promise
 * would reject unobserved and end the process. The clients it gets report the failure instead;
 * local sockets still got the event.
 */
export function redisFanOut(options: RedisFanOutOptions): FanOut {
  return createAdapter(
    observed(options.publisher, options.onPublishFailed),
    observed(options.subscriber, () => undefined),
    {
      key: `${options.prefix}socket.io`,
    },
  );
}

/** The client, with every command's rejection handed to `onFailure` instead of left unobserved. */
function observed(client: Redis, onFailure: (error: unknown) => void): Redis {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        return result instanceof Promise
          ? result.catch((error: unknown) => {
              onFailure(error);
              return null;
            })
          : result;
      };
    },
  });
}
