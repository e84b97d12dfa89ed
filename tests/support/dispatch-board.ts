import { type Socket as ClientSocket, io } from 'socket.io-client';
import { WAIT_MS } from './realtime-client.ts';

export type BoardEvent = { type: string; emittedAt: string } & Record<string, any>;

/** A dispatch board as a stock `socket.io-client` sees the channel: every `board` event it received, in order. */
export interface BoardClient {
  readonly socket: ClientSocket;
  readonly events: BoardEvent[];
  /** The first event (from the start) that satisfies `match`, waiting for it up to WAIT_MS. */
  next(what: string, match: (event: BoardEvent) => boolean): Promise<BoardEvent>;
  close(): void;
}

export function boardClient(
  realtimeUrl: string,
  auth: Record<string, unknown>,
  transports: Array<'websocket' | 'polling'> = ['websocket'],
  /** Headers of the handshake, as a page's browser sends them: its session cookie and `Origin`. */
  extraHeaders?: Record<string, string>,
): BoardClient {
  const socket = io(`${realtimeUrl}/dispatch`, {
    auth,
    transports,
    reconnection: false,
    forceNew: true,
    ...(extraHeaders && { extraHeaders }),
  });
  const events: BoardEvent[] = [];
  const waiters = new Set<() => void>();
  socket.on('board', (event: BoardEvent) => {
    events.push(event);
    for (const waiter of [...waiters]) waiter();
  });
  return {
    socket,
    events,
    next(what, match) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found === undefined) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what}; received ${JSON.stringify(events.map((e) => e.type))}`));
        }, WAIT_MS);
        waiters.add(check);
        check();
      });
    },
    close: () => socket.close(),
  };
}

/** The positions a board received for one unit, oldest first. */
export const positionsOf = (events: readonly BoardEvent[], unitId: string) =>
  events
    .filter((e) => e.type === 'positions')
    .flatMap((e) => (e['positions'] as Array<Record<string, any>>).filter((p) => p['unitId'] === unitId));
