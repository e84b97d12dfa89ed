import type { Namespace, Server, Socket } from 'socket.io';
import type { AccessGrounds, AccessWatch } from '../../application/ports/access-watch.ts';
import { joinGrounds, recheckOnAccessChange } from './access-recheck.ts';
import { admitWith } from './admission.ts';
import type { DispatchChannel } from '../../application/ports/dispatch-channel.ts';
import { assignmentPayload, notesPayload } from './mdt-payload.ts';

/** The namespace of the officers' MDT channel. */
export const MDT_NAMESPACE = '/mdt';
/** Its one wire event: `assignment` (the officer's unit changed) or `notes` (the officer's call got notes). */
export const MDT_EVENT = 'mdt';
/**
 * How often a connected MDT's session is judged again, by default: an ended session stops
 * listening, and a socket moves to its officer's unit and call as the records stand, within this.
 */
const RECHECK_MS = 30_000;
/** setTimeout's ceiling (about 24.8 days); a session lives a shift. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Where an MDT listens: its officer's unit and the call that unit is on, as the records stand. */
export interface MdtPlace {
  /** The officer's unit in the session's department; null without one (nothing to follow then). */
  readonly unitId: string | null;
  /** The call that unit is on now, if any. */
  readonly callId: string | null;
}

export type MdtAdmission =
  | (MdtPlace & {
      readonly ok: true;
      readonly expiresAt: Date;
      /** The session judged again: null when it no longer stands (its credential, its character's links), else where it listens now. */
      recheck(): Promise<MdtPlace | null>;
      /** What it was admitted on: the credential whose hand-off opened the session, and the session itself. */
      readonly grounds: readonly AccessGrounds[];
    })
  | { readonly ok: false; readonly reason: 'invalid_session' | 'unavailable' };

export interface MdtOptions {
  /** Reads the handshake's `auth.token`: an MDT session, judged against the records as they are now. */
  admit(auth: unknown): Promise<MdtAdmission>;
  now(): Date;
  logger: { warn(obj: object, msg: string): void };
  /** How often a connected MDT is judged again, in milliseconds (30 s unless set; tests shorten it). */
  recheckMs?: number;
  /** Whether a fan-out carries events to other instances (then a change of rights is judged on all of them). */
  shared?: boolean;
}

export interface MdtNamespace {
  /** Fed with the same committed changes as the dispatch boards; keeps the ones of MDTs' units and calls. */
  readonly channel: DispatchChannel;
  /** Judges the MDTs admitted on changed grounds (a revoked or rotated credential, a signed-out session) again at once, on every instance. */
  readonly access: AccessWatch;
  readonly connections: number;
}

const unitRoom = (unitId: string) => `unit:${unitId}`;
const callRoom = (callId: string) => `call:${callId}`;

/** Puts a local socket in the rooms of its unit and call, and out of any other unit's or call's. */
function place(socket: { readonly rooms: Set<string>; join(room: string): unknown; leave(room: string): unknown }, where: MdtPlace): void {
  const wanted = [where.unitId === null ? null : unitRoom(where.unitId), where.callId === null ? null : callRoom(where.callId)];
  for (const room of [...socket.rooms]) {
    if ((room.startsWith('unit:') || room.startsWith('call:')) && !wanted.includes(room)) socket.leave(room);
  }
  for (const room of wanted) if (room !== null && !socket.rooms.has(room)) socket.join(room);
}

/** Judges an MDT again: closed when its session no longer stands; else it follows its officer (joined, left or changed units). */
function judgeAgain(socket: Socket): void {
  const admission = (socket.data as { admission: Extract<MdtAdmission, { ok: true }> }).admission;
  admission.recheck().then(
    (where) => (where === null ? socket.disconnect(true) : place(socket, where)),
    () => undefined,
  );
}

/**
 * The MDT channel on the realtime server: an MDT connects with its session (and nothing else
 * passes), joins the room of its unit and of the call that unit is on, and receives its unit's
 * assignment changes and that call's new notes after they commit. When the unit's assignment
 * changes, the unit's sockets move to the new call's room, on every instance (the fan-out carries
 * the room change as it carries events). Clients send nothing here: actions are HTTP routes.
 */
export function serveMdt(io: Server<any, any, any, any>, options: MdtOptions): MdtNamespace {
  const mdts: Namespace = io.of(MDT_NAMESPACE);
  admitWith(mdts, (handshake) => options.admit(handshake.auth), options.logger, 'an MDT');
  mdts.on('connection', (socket) => {
    const admission = (socket.data as { admission: Extract<MdtAdmission, { ok: true }> }).admission;
    place(socket, admission);
    joinGrounds(socket, admission.grounds);
    const drop = () => socket.disconnect(true);
    // Dropped when the session's shift is over; the page then says to open the MDT again.
    const remaining = Math.min(Math.max(admission.expiresAt.getTime() - options.now().getTime(), 0), MAX_TIMER_MS);
    const expiry = setTimeout(drop, remaining);
    const recheck = setInterval(() => judgeAgain(socket), options.recheckMs ?? RECHECK_MS);
    socket.once('disconnect', () => {
      clearTimeout(expiry);
      clearInterval(recheck);
    });
  });

  const access = recheckOnAccessChange(mdts, options.shared ?? false, judgeAgain);

  const follow = async (unitId: string, callId: string | null) => {
    // Every instance's sockets of the unit, wherever they are connected.
    for (const socket of await mdts.in(unitRoom(unitId)).fetchSockets()) {
      for (const room of socket.rooms) if (room.startsWith('call:') && room !== (callId && callRoom(callId))) socket.leave(room);
      if (callId !== null) socket.join(callRoom(callId));
    }
  };

  return {
    access,
    channel: {
      position: () => undefined,
      change: (_organisationId, change, emittedAt) => {
        if (change.subject === 'unit') {
          const unitId = change.unit.id;
          const callId = change.unit.assignment?.callId ?? null;
          // The rooms move first, so that the call's next notes reach the unit's MDTs.
          follow(unitId, callId).then(
            () => mdts.to(unitRoom(unitId)).emit(MDT_EVENT, assignmentPayload(change, emittedAt)),
            (error: unknown) => {
              options.logger.warn({ reason: String(error) }, 'an MDT could not follow its unit to a call');
              mdts.to(unitRoom(unitId)).emit(MDT_EVENT, assignmentPayload(change, emittedAt));
            },
          );
        } else if (change.type === 'call.note_added') {
          mdts.to(callRoom(change.call.id)).emit(MDT_EVENT, notesPayload(change, emittedAt));
        }
      },
    },
    get connections() {
      return mdts.sockets.size;
    },
  };
}
