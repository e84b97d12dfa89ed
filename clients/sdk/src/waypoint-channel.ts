import { type Socket, io } from 'socket.io-client';
import { backoffMs } from './backoff.ts';
import type { CadClient } from './client.ts';
import type { WaypointEvent } from './generated/routes.ts';

/** The namespace of the realtime channel (section 6 of the contract). */
export const GAME_NAMESPACE = '/integrations/game';

export interface WaypointChannelOptions {
  /** Where the channel listens: the service's base address, or `REALTIME_PORT`'s on the uWS engine. Defaults to the client's. */
  readonly url?: string;
  /** Every `waypoint` event, as sent. */
  readonly onWaypoint: (event: WaypointEvent) => void;
  /**
   * After every connection, the first included: events sent while the channel was down are not
   * replayed, so read `/waypoint` for each on-duty officer here (`reconnect` is false the first time).
   */
  readonly onConnect?: (info: { readonly reconnect: boolean }) => void | Promise<void>;
  /** Why the channel went down, or could not connect (for logs). */
  readonly onDown?: (reason: string) => void;
}

/**
 * The waypoint channel: connects with the client's current access token and, whenever it is
 * dropped (its token expired, the service restarted, the network failed), connects again with a
 * fresh one, for as long as it is not stopped.
 */
export class WaypointChannel {
  private readonly socket: Socket;
  private lastToken: string | null = null;
  private connections = 0;
  private refusals = 0;
  private stopped = false;
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    client: CadClient,
    private readonly options: WaypointChannelOptions,
  ) {
    const base = (options.url ?? client.options.baseUrl).replace(/\/+$/, '');
    this.socket = io(`${base}${GAME_NAMESPACE}`, {
      autoConnect: false,
      reconnectionDelay: 500,
      reconnectionDelayMax: 5_000,
      // Called on every attempt, so each one carries the token as it is then.
      auth: (send) => {
        client.accessToken().then(
          (token) => {
            this.lastToken = token;
            send({ token });
          },
          (error: unknown) => {
            this.options.onDown?.(`no access token: ${error instanceof Error ? error.message : String(error)}`);
            send({ token: '' });
          },
        );
      },
    });
    this.socket.on('waypoint', (event: WaypointEvent) => options.onWaypoint(event));
    this.socket.on('connect', () => {
      this.refusals = 0;
      const reconnect = this.connections > 0;
      this.connections += 1;
      void Promise.resolve(options.onConnect?.({ reconnect })).catch((error: unknown) =>
        this.options.onDown?.(`resynchronising failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    });
    this.socket.on('disconnect', (reason) => {
      this.options.onDown?.(reason);
      // The service dropped the socket itself (its token expired): Socket.IO does not come back on its own.
      if (reason === 'io server disconnect') this.connectAgain();
    });
    this.socket.on('connect_error', (error: Error & { data?: { reason?: string } }) => {
      const reason = error.data?.reason ?? error.message;
      this.options.onDown?.(reason);
      if (reason === 'token_expired' || reason === 'invalid_token') {
        if (this.lastToken !== null) client.tokens.discard(this.lastToken);
      }
      // A refused handshake is final for Socket.IO; a transport failure it retries itself.
      if (!this.socket.active) this.connectAgain();
    });
  }

  /** Connects; resolves at once (the channel keeps trying in the background). */
  start(): this {
    this.stopped = false;
    this.socket.connect();
    return this;
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** How many times the channel has connected. */
  get connectionCount(): number {
    return this.connections;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.socket.disconnect();
  }

  private connectAgain(): void {
    if (this.stopped) return;
    clearTimeout(this.retry);
    this.refusals += 1;
    this.retry = setTimeout(
      () => {
        if (!this.stopped && !this.socket.connected) this.socket.connect();
      },
      backoffMs(this.refusals, 250, 5_000),
    );
  }
}
