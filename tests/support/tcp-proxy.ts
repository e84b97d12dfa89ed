import { type Server, type Socket, createServer, connect } from 'node:net';

/**
 * A TCP forwarder between the service and a server (PostgreSQL), that a test can make stop
 * forwarding, as a hung host or a network that drops packets would: nothing passes either way,
 * nothing is closed, nobody is told. `resume` forwards what was held back and passes on closes
 * that happened meanwhile; new connections are forwarded as usual again.
 */
export interface TcpProxy {
  readonly port: number;
  /** Stops forwarding on every connection now. */
  pause(): void;
  /**
   * Forwards the first client chunk that matches (so the server gets that statement), then stops
   * forwarding everything, as `pause` does: the answer to that statement never arrives.
   */
  pauseAfter(pattern: RegExp): Promise<void>;
  resume(): void;
  close(): Promise<void>;
}

interface Pair {
  readonly client: Socket;
  readonly server: Socket;
  readonly held: Array<() => void>;
}

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let paused = false;
  let trigger: { pattern: RegExp; fire: () => void } | null = null;
  const pairs = new Set<Pair>();

  const forward = (pair: Pair, from: Socket, to: Socket, inspect: boolean) => {
    from.on('data', (chunk: Buffer) => {
      const send = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (paused) return void pair.held.push(send);
      send();
      if (inspect && trigger !== null && trigger.pattern.test(chunk.toString('latin1'))) {
        paused = true;
        trigger.fire();
        trigger = null;
      }
    });
    from.on('close', () => {
      const end = () => to.destroy();
      if (paused) pair.held.push(end);
      else end();
    });
    from.on('error', () => undefined);
  };

  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const pair: Pair = { client, server: upstream, held: [] };
    pairs.add(pair);
    client.once('close', () => upstream.once('close', () => pairs.delete(pair)));
    forward(pair, client, upstream, true);
    forward(pair, upstream, client, false);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    port,
    pause: () => {
      paused = true;
    },
    pauseAfter: (pattern) => new Promise<void>((fire) => (trigger = { pattern, fire })),
    resume: () => {
      paused = false;
      for (const pair of pairs) for (const release of pair.held.splice(0)) release();
    },
    close: async () => {
      for (const pair of pairs) (pair.client.destroy(), pair.server.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
