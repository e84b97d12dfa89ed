import type { Namespace, Socket } from 'socket.io';
import type { AccessGrounds, AccessWatch } from '../../application/ports/access-watch.ts';

/** The fan-out's server-side event that asks every instance to judge a room's sockets again. */
const RECHECK = 'cad:access-recheck';

/** The room of the sockets admitted on these grounds. */
export const groundsRoom = (grounds: AccessGrounds) => `grounds:${grounds.kind}:${grounds.id}`;

/** Puts a socket in the rooms of the grounds it was admitted on. */
export function joinGrounds(socket: Socket, grounds: readonly AccessGrounds[]): void {
  for (const g of grounds) socket.join(groundsRoom(g));
}

/**
 * Judges a namespace's sockets again as soon as the application says rights on their grounds may
 * have changed: this instance's at once, every other instance's through the fan-out's server-side
 * event (an event, not a timer; the namespace's periodic check stays as the backstop). `recheck`
 * judges one local socket and closes it when its right has gone. Without a fan-out (one instance)
 * nothing is sent on.
 */
export function recheckOnAccessChange(namespace: Namespace, shared: boolean, recheck: (socket: Socket) => void): AccessWatch {
  const local = (room: string) => {
    for (const socket of namespace.sockets.values()) if (socket.rooms.has(room)) recheck(socket);
  };
  namespace.on(RECHECK, (room: unknown) => {
    if (typeof room === 'string' && room.startsWith('grounds:')) local(room);
  });
  return {
    changed: (grounds) => {
      const room = groundsRoom(grounds);
      local(room);
      if (shared) namespace.serverSideEmit(RECHECK, room);
    },
  };
}
