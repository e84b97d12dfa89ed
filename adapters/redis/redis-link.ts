import { Redis, type RedisOptions } from 'ioredis';

export interface RedisLinkOptions {
  readonly url: string;
  /** Bounds a connection attempt and every command: nothing waits on Redis longer than this. */
  readonly timeoutMs: number;
  readonly logger: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** Reconnection never stops: 50 ms, 100 ms, ... then every 2 s, so the link comes back without a restart. */
const retryStrategy = (attempt: number) => Math.min(attempt * 50, 2_000);

/**
 * The service's two connections to Redis. `commands` carries the rate-limit windows and the
 * realtime fan-out's PUBLISH; it keeps no offline queue, so while Redis is away a command fails at
 * once (and its caller falls back) instead of waiting for a reconnection. `subscriber` holds the
 * fan-out's subscription; it may queue, because it only ever sends SUBSCRIBE, which ioredis
 * repeats on every reconnection. Going down and coming back are logged once each.
 */
export class RedisLink {
  readonly commands: Redis;
  readonly subscriber: Redis;
  private up = true;
  private closing = false;
  /** Transitions are judged after the start has waited for both connections, not while they open. */
  private started = false;

  constructor(private readonly options: RedisLinkOptions) {
    const common: RedisOptions = { connectTimeout: options.timeoutMs, retryStrategy, lazyConnect: false };
    this.commands = new Redis(options.url, {
      ...common,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.timeoutMs,
      connectionName: 'cad-commands',
    });
    this.subscriber = new Redis(options.url, { ...common, maxRetriesPerRequest: null, connectionName: 'cad-fan-out' });
    for (const client of [this.commands, this.subscriber]) {
      client.on('ready', () => this.observe());
      client.on('close', () => this.observe());
      // Without a listener ioredis prints every failed reconnection; the transition is logged instead.
      client.on('error', (error: Error) => this.observe(error));
    }
  }

  /** Both connections are ready. */
  get healthy(): boolean {
    return this.commands.status === 'ready' && this.subscriber.status === 'ready';
  }

  /** Waits, at most the timeout, for both connections: a start beside a healthy Redis is not degraded. */
  async ready(): Promise<boolean> {
    const deadline = Date.now() + this.options.timeoutMs;
    while (!this.healthy && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    this.started = true;
    this.up = true;
    this.observe();
    return this.healthy;
  }

  async close(): Promise<void> {
    this.closing = true;
    // QUIT only where it can be sent: queued behind a lost connection, it would hold the shutdown.
    await Promise.all(
      [this.commands, this.subscriber].map(async (client) => {
        if (client.status === 'ready') await client.quit().catch(() => undefined);
        client.disconnect();
      }),
    );
  }

  private observe(error?: Error): void {
    const healthy = this.healthy;
    if (!this.started || this.closing || healthy === this.up) return;
    this.up = healthy;
    if (healthy) this.options.logger.info({ redis: 'ready' }, 'Redis is back: rate limits and realtime fan-out are shared again');
    else
      this.options.logger.warn(
        { redis: 'unreachable', reason: error?.message },
        "Redis unreachable: rate limits count per instance, and realtime events reach this instance's sockets only",
      );
  }
}
