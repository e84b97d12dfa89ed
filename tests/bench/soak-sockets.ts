/**
 * Game servers on the realtime channel during the soak: stock socket.io-client sockets that stay
 * connected (reconnecting with a fresh token when theirs expires), with a few replaced every
 * interval so that connections are also opened and closed all along.
 */
import { type Socket, io } from 'socket.io-client';

export interface SocketInterval {
  connected: number;
  connects: number;
  connectErrors: number;
  disconnects: number;
  events: number;
  lastError: string;
}

export class SocketFleet {
  private readonly sockets = new Set<Socket>();
  private counts = { connects: 0, connectErrors: 0, disconnects: 0, events: 0, lastError: '' };
  private stopped = false;

  constructor(
    private readonly realtimeUrl: string,
    private readonly token: () => string,
  ) {}

  open(count: number): void {
    for (let i = 0; i < count; i++) this.openOne();
  }

  private openOne(): void {
    const socket = io(`${this.realtimeUrl}/integrations/game`, {
      // A function, so that a reconnection presents the token current then.
      auth: (send) => send({ token: this.token() }),
      transports: ['websocket'],
      reconnectionDelay: 500,
    });
    socket.on('connect', () => this.counts.connects++);
    socket.on('connect_error', (error) => {
      this.counts.connectErrors++;
      this.counts.lastError = String(error.message);
    });
    socket.on('disconnect', (reason) => {
      this.counts.disconnects++;
      // The server ends a socket whose token expired; a game server reconnects with a fresh one.
      if (!this.stopped && reason === 'io server disconnect') socket.connect();
    });
    socket.onAny(() => this.counts.events++);
    this.sockets.add(socket);
  }

  /** Closes `count` sockets and opens as many new ones. */
  churn(count: number): void {
    for (const socket of [...this.sockets].slice(0, count)) {
      socket.disconnect();
      this.sockets.delete(socket);
      this.openOne();
    }
  }

  take(): SocketInterval {
    const taken = { ...this.counts, connected: [...this.sockets].filter((s) => s.connected).length };
    this.counts = { connects: 0, connectErrors: 0, disconnects: 0, events: 0, lastError: '' };
    return taken;
  }

  close(): void {
    this.stopped = true;
    for (const socket of this.sockets) socket.disconnect();
    this.sockets.clear();
  }
}
