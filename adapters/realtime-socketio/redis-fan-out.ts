import { RedisAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Namespace, ServerOptions } from 'socket.io';

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
 * Socket.IO's Redis (pub/sub) adapter (decision 0032), with one change: while Redis answers, an
 * instance writes a broadcast to its own sockets when it comes back from Redis, like every other
 * instance, instead of at once. Every socket, on every instance, then receives the events of a
 * room in the one order Redis delivered them. The stock adapter writes to local sockets first, so
 * sockets on the publishing instance and on the others could see two close events in opposite
 * orders. While Redis is away (or a PUBLISH fails) the broadcast goes to local sockets at once, as
 * the stock adapter does.
 *
 * The stock adapter does not handle a failed command (a PUBLISH while Redis is away, an
 * UNSUBSCRIBE at close): its promise would reject unobserved and end the process. The clients it
 * gets report the failure instead.
 */
export function redisFanOut(options: RedisFanOutOptions): FanOut {
  const publisher = observed(options.publisher, () => undefined);
  const subscriber = observed(options.subscriber, () => undefined);
  const key = `${options.prefix}socket.io`;
  const shared = () => options.publisher.status === 'ready' && options.subscriber.status === 'ready';
  // Socket.IO calls it with `new`, so a function, not an arrow.
  return function (nsp: Namespace) {
    return new RedisOrderedAdapter(nsp, publisher, subscriber, { key }, { ...options, shared });
  } as unknown as FanOut;
}

/** The rooms, exceptions and flags of one broadcast (socket.io-adapter's type, reached through the adapter). */
type BroadcastOptions = Parameters<RedisAdapter['broadcast']>[1];

/** Every adapter's own messages carry another uid than its own, so that it receives them too. */
const ECHO = 'echo';

class RedisOrderedAdapter extends RedisAdapter {
  private readonly channelPrefix: string;

  constructor(
    nsp: Namespace,
    publisher: Redis,
    subscriber: Redis,
    opts: { key: string },
    private readonly own: RedisFanOutOptions & { readonly shared: () => boolean },
  ) {
    super(nsp, publisher, subscriber, opts);
    this.channelPrefix = `${opts.key}#${nsp.name}#`;
  }

  override broadcast(packet: any, opts: BroadcastOptions): void {
    if (opts.flags?.local || !this.own.shared()) {
      super.broadcast(packet, opts);
      return;
    }
    packet.nsp = this.nsp.name;
    const message = this.parser.encode([ECHO, packet, { rooms: [...opts.rooms], except: [...new Set(opts.except)], flags: opts.flags }]);
    const channel = opts.rooms.size === 1 ? `${this.channelPrefix}${[...opts.rooms][0]}#` : this.channelPrefix;
    // The client itself, not the observed one: its failure is handled here.
    this.own.publisher.publish(channel, message).then(
      (receivers) => {
        // Not even this instance's subscription heard it (it was being renewed): write it here.
        if (receivers === 0) this.local(packet, opts);
      },
      (error: unknown) => {
        this.own.onPublishFailed(error);
        this.local(packet, opts);
      },
    );
  }

  /** The plain in-process broadcast, as resolved now (uWebSockets.js patches it when attached). */
  private local(packet: any, opts: BroadcastOptions): void {
    (Object.getPrototypeOf(RedisAdapter.prototype) as { broadcast(p: any, o: BroadcastOptions): void }).broadcast.call(this, packet, opts);
  }
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
