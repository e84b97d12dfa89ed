import { type Server, type Socket, createServer, connect } from 'node:net';

/**
 * A TCP hop between a resource and the service that a test can cut and restore: a network fault
 * for one path (the realtime channel) while the other (HTTP) keeps working.
 */
export async function blockableProxy(target: { host: string; port: number }) {
  const open = new Set<Socket>();
  let blocked = false;
  const server: Server = createServer((client) => {
    if (blocked) return void client.destroy();
    const upstream = connect(target.port, target.host);
    open.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    /** Cuts every connection through it and refuses new ones. */
    block() {
      blocked = true;
      for (const socket of open) socket.destroy();
    },
    unblock() {
      blocked = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
