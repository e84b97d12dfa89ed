import type { Socket as ClientSocket } from 'socket.io-client';

/** How long a realtime test waits for anything before it reports instead of hanging. */
export const WAIT_MS = 5_000;

export type Refusal = Error & { data?: { reason?: string } };

/** A promise that settles as `executor` says, or rejects naming `what` after WAIT_MS. */
export function within<T>(what: string, executor: (resolve: (value: T) => void, reject: (error: Error) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), WAIT_MS);
    executor(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}

export const connected = (socket: ClientSocket) =>
  within<void>('connect', (resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });

export const refused = (socket: ClientSocket) =>
  within<Refusal>('connect_error', (resolve, reject) => {
    socket.once('connect_error', (error) => resolve(error as Refusal));
    socket.once('connect', () => reject(new Error('connected, but should have been refused')));
  });

export const disconnected = (socket: ClientSocket) =>
  within<string>('disconnect', (resolve) => socket.once('disconnect', (reason) => resolve(reason)));
