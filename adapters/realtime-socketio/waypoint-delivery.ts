import type { Namespace, Socket } from 'socket.io';
import type { Missed, WaypointLog } from './waypoint-log.ts';
import type { WaypointEvent } from './waypoint-payload.ts';

/** The wire event of each assignment change. */
export const WAYPOINT_EVENT = 'waypoint';
/** Sent once a (re)connected socket is up to date: where its department's sequence stands (decision 0091). */
export const RESUMED_EVENT = 'waypoint.resumed';
/** Sent instead of events the socket cannot be given: re-read `/waypoint` (decisions 0091, 0110). */
export const RESYNC_EVENT = 'waypoint.resync';

/** How long a later event waits for an earlier one of its department by default (decision 0110). */
export const DEFAULT_ORDER_HOLD_MS = 250;

interface ResumedEvent {
  readonly seq: number;
  readonly replayed: number;
}
interface ResyncEvent {
  /**
   * `log_exceeded`: away longer than the log keeps; `log_unavailable`: the log did not answer;
   * `event_missing`: an event never reached this instance nor the log within the hold (decision 0110).
   */
  readonly reason: 'log_exceeded' | 'log_unavailable' | 'event_missing';
  readonly seq: number;
}
/**
 * Clients send nothing. The server sends `waypoint`, and on each (re)connection `waypoint.resumed`
 * or `waypoint.resync`. The last argument of each is the offset a stock client keeps and sends back
 * when it reconnects: the sequence number, as a string.
 */
export type ClientEvents = Record<string, never>;
export interface ServerEvents {
  waypoint(event: WaypointEvent, offset: string): void;
  'waypoint.resumed'(event: ResumedEvent, offset: string): void;
  'waypoint.resync'(event: ResyncEvent, offset: string): void;
}
export interface SocketData {
  room: string;
  expiresAt: Date;
  /** The last sequence number the client says it saw (`auth.offset`); null on a first connection. */
  resumeFrom: number | null;
  /** The last sequence number this socket was given (or told to re-read up to): at first its `resumeFrom`, or 0. */
  at: number;
}
export type GameSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>;
type GameNamespace = Namespace<ClientEvents, ServerEvents, Record<string, never>, SocketData>;

/** One department's delivery on this instance, while it has sockets here. */
interface Room {
  /** The newest sequence number given to the room: every event up to it was given, in order, or skipped with a word. */
  delivered: number;
  /** Events that came before an earlier one, waiting for it. */
  readonly held: Map<number, WaypointEvent>;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export interface WaypointDeliveryOptions {
  readonly log: WaypointLog;
  readonly now: () => Date;
  /** How long a later event waits for an earlier one before the log is asked for it (then it is skipped with a word). */
  readonly holdMs: number;
  readonly logger: { warn(obj: object, msg: string): void };
}

/**
 * Gives each department's waypoint events to this instance's sockets strictly in sequence order,
 * whatever order they arrive in (decision 0110). Two writes' after-commit publishes can run in the
 * other order, and across instances Redis orders the publishes, not the commits; so an event that
 * comes before an earlier one of its department is held until the earlier one arrives. If it has
 * not arrived within `holdMs`, the log (which every event is in before it is sent) is asked for it;
 * an event neither has is skipped, and the room's sockets are told to re-read (`event_missing`).
 *
 * Each socket also keeps the last number it was given, so an event it already has (from the log,
 * while it resumed) is never given twice. Rooms without a socket here keep nothing.
 */
export class WaypointDelivery {
  private readonly rooms = new Map<string, Room>();
  private closed = false;

  constructor(
    private readonly games: GameNamespace,
    private readonly options: WaypointDeliveryOptions,
  ) {}

  /** An event of the room, from this instance or another, in whatever order it comes. */
  offer(room: string, event: WaypointEvent): void {
    const state = this.rooms.get(room);
    if (state === undefined || this.closed) return;
    if (event.seq <= state.delivered || state.held.has(event.seq)) return;
    if (event.seq === state.delivered + 1) {
      this.give(room, state, event);
      for (let next = state.held.get(state.delivered + 1); next !== undefined; next = state.held.get(state.delivered + 1)) {
        state.held.delete(next.seq);
        this.give(room, state, next);
      }
    } else state.held.set(event.seq, event);
    if (state.held.size === 0) this.stopWaiting(state);
    else state.timer ??= setTimeout(() => void this.fill(room, state), this.options.holdMs);
  }

  /**
   * A (re)connected socket joins its room up to date. A returning one first gets what it missed
   * from the log, in order, until it stands where the room stands here; then it joins (with
   * nothing awaited between the last check and the join, so no event of the room falls between).
   * The first socket of a room on this instance starts the room at its own place, and the log is
   * read once more for events sent while no socket here listened. Last, `waypoint.resumed` says
   * where it stands.
   */
  async admit(socket: GameSocket): Promise<void> {
    const { room, resumeFrom } = socket.data;
    const { log, now } = this.options;
    let at = resumeFrom;
    let read = false;
    let replayed = 0;
    for (;;) {
      if (!socket.connected || this.closed) return;
      const standing = this.rooms.get(room)?.delivered;
      if (at === null) {
        // A first connection replays nothing: it starts where the room (or else the log) stands.
        at = standing ?? (await log.last(room));
        read = true;
        continue;
      }
      if (standing === undefined ? read : at >= standing) break;
      const missed = await log.since(room, at, now());
      read = true;
      if (!socket.connected) return;
      replayed += missed.kind === 'events' ? missed.events.length : 0;
      // The log lacks what the room was given here (an append failed): re-read, then go on with the room.
      const standsNow = this.rooms.get(room)?.delivered;
      at = this.deliver(socket, standsNow !== undefined && missed.last < standsNow ? { kind: 'gap', last: standsNow } : missed);
    }
    socket.data.at = Math.max(socket.data.at, at);
    socket.join(room);
    if (!this.rooms.has(room)) {
      this.rooms.set(room, { delivered: socket.data.at, held: new Map(), timer: undefined });
      const meanwhile = await log.since(room, socket.data.at, now());
      if (meanwhile.kind === 'events') for (const event of meanwhile.events) this.offer(room, event);
    }
    if (!socket.connected) return;
    const stands = socket.data.at;
    socket.emit(RESUMED_EVENT, { seq: stands, replayed }, String(stands));
  }

  /**
   * The log did not answer while the socket was admitted: it goes live where the room stands here
   * (or where it says it stood), and is told to re-read.
   */
  admitUnsynchronised(socket: GameSocket): void {
    const { room, resumeFrom } = socket.data;
    if (!socket.connected || this.closed) return;
    const at = Math.max(socket.data.at, this.rooms.get(room)?.delivered ?? resumeFrom ?? 0);
    socket.data.at = at;
    socket.join(room);
    if (!this.rooms.has(room)) this.rooms.set(room, { delivered: at, held: new Map(), timer: undefined });
    socket.emit(RESYNC_EVENT, { reason: 'log_unavailable', seq: at }, String(at));
  }

  /** Told when a room has no socket left here: it keeps nothing. */
  left(room: string): void {
    const state = this.rooms.get(room);
    if (state === undefined) return;
    this.stopWaiting(state);
    this.rooms.delete(room);
  }

  close(): void {
    this.closed = true;
    for (const state of this.rooms.values()) this.stopWaiting(state);
    this.rooms.clear();
  }

  /** Sends the missed events (or says they are gone); returns the sequence number the socket now stands at. */
  deliver(socket: GameSocket, missed: Missed): number {
    if (missed.kind === 'gap') {
      socket.emit(RESYNC_EVENT, { reason: 'log_exceeded', seq: missed.last }, String(missed.last));
      return (socket.data.at = missed.last);
    }
    for (const event of missed.events) this.emitTo(socket, event);
    return (socket.data.at = Math.max(socket.data.at, missed.last));
  }

  /** The event, to every socket of the room here that does not have it yet. */
  private give(room: string, state: Room, event: WaypointEvent): void {
    state.delivered = event.seq;
    for (const socket of this.socketsOf(room)) this.emitTo(socket, event);
  }

  private emitTo(socket: GameSocket, event: WaypointEvent): void {
    if (event.seq <= socket.data.at) return;
    socket.data.at = event.seq;
    socket.emit(WAYPOINT_EVENT, event, String(event.seq));
  }

  private *socketsOf(room: string): Iterable<GameSocket> {
    for (const id of this.games.adapter.rooms.get(room) ?? []) {
      const socket = this.games.sockets.get(id);
      if (socket !== undefined) yield socket;
    }
  }

  /**
   * The hold has passed: the log is asked for the events the room waits for. Those it has go out in
   * order; an event it lacks too is skipped, and the room's sockets are told to re-read before the
   * later events go out.
   */
  private async fill(room: string, state: Room): Promise<void> {
    state.timer = undefined;
    let reason: ResyncEvent['reason'] = 'event_missing';
    try {
      const missed = await this.options.log.since(room, state.delivered, this.options.now());
      if (missed.kind === 'events') for (const event of missed.events) this.offer(room, event);
    } catch (error) {
      reason = 'log_unavailable';
      this.options.logger.warn(
        { reason: String(error) },
        'the waypoint log did not answer while events waited: sockets were told to re-read',
      );
    }
    if (this.rooms.get(room) !== state || state.held.size === 0) return;
    const first = Math.min(...state.held.keys());
    const skippedTo = first - 1;
    this.options.logger.warn(
      { room, from: state.delivered + 1, to: skippedTo },
      'waypoint events never arrived: sockets were told to re-read',
    );
    state.delivered = skippedTo;
    for (const socket of this.socketsOf(room)) {
      if (socket.data.at >= skippedTo) continue;
      socket.data.at = skippedTo;
      socket.emit(RESYNC_EVENT, { reason, seq: skippedTo }, String(skippedTo));
    }
    const next = state.held.get(first)!;
    state.held.delete(first);
    this.offer(room, next);
  }

  private stopWaiting(state: Room): void {
    clearTimeout(state.timer);
    state.timer = undefined;
  }
}
