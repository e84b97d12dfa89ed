import { connect } from 'node:net';

/** A TCP connection driven byte by byte, as a slow or idle client would hold one. */
export interface RawConnection {
  write(text: string): void;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves once the server has sent this much (or rejects when the connection closes first). */
  waitFor(pattern: RegExp): Promise<void>;
  /** Milliseconds from the connection's opening to its closing, once it closes. */
  readonly closed: Promise<number>;
  /** Whether it is still open. */
  isOpen(): boolean;
  destroy(): void;
}

export async function rawConnection(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const opened = performance.now();
  let text = '';
  let open = true;
  const waiters = new Set<() => void>();
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
    for (const wake of waiters) wake();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      open = false;
      for (const wake of waiters) wake();
      resolve(performance.now() - opened);
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    write: (chunk) => {
      if (open) socket.write(chunk);
    },
    received: () => text,
    waitFor: (pattern) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pattern.test(text)) {
            waiters.delete(check);
            resolve();
          } else if (!open) {
            waiters.delete(check);
            reject(new Error(`closed before ${pattern}; received ${JSON.stringify(text)}`));
          }
        };
        waiters.add(check);
        check();
      }),
    closed,
    isOpen: () => open,
    destroy: () => socket.destroy(),
  };
}

/** Resolves with the value, or with `fallback` once `ms` have passed: a bounded wait that never hangs a test. */
export function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<F>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}
