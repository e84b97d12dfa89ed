import type { Namespace, Server, Socket } from 'socket.io';
import type { AccessGrounds, AccessWatch } from '../../application/ports/access-watch.ts';
import { joinGrounds, recheckOnAccessChange } from './access-recheck.ts';
import { type Handshake, admitWith } from './admission.ts';
import type { DispatchBoard } from '../../application/dispatch/read-board.ts';
import type { DispatchChannel } from '../../application/ports/dispatch-channel.ts';
import { type PositionView, changePayload, positionView, positionsPayload, presencePayload, snapshotPayload } from './dispatch-payload.ts';

/** The namespace of the dispatchers' channel. */
export const DISPATCH_NAMESPACE = '/dispatch';
/** Its one wire event: the snapshot first, then deltas. */
export const BOARD_EVENT = 'board';
/** Positions of one organisation go out together, at most this often (decision 0066). */
export const POSITION_BATCH_MS = 250;
/** How often a connected board's key or session is checked again, by default: a revoked key stops watching within this. */
const RECHECK_MS = 30_000;

export type DispatcherAdmission =
  | {
      readonly ok: true;
      readonly organisationId: string;
      /** The board as it stands now; null once the key no longer reaches the organisation. */
      board(): Promise<DispatchBoard | null>;
      /** Whether the key or session is still valid and still holds the right to watch. */
      stillAdmitted(): Promise<boolean>;
      /** What it was admitted on: its key or person, and its organisation (a role's set may change). */
      readonly grounds: readonly AccessGrounds[];
    }
  | { readonly ok: false; readonly reason: 'invalid_key' | 'forbidden' | 'organisation_required' };

export interface DispatchOptions {
  /**
   * Reads the handshake: `auth.key` (an operator key) or the person's session cookie from the
   * service's own page, and `auth.organisationId`, which they must reach.
   */
  admit(handshake: Handshake): Promise<DispatcherAdmission>;
  now(): Date;
  logger: { warn(obj: object, msg: string): void };
  /** How often a connected board is judged again, in milliseconds (30 s by default). */
  recheckMs?: number;
  /** Whether a fan-out carries events to other instances (then a change of rights is judged on all of them). */
  shared?: boolean;
}

export interface DispatchNamespace {
  readonly channel: DispatchChannel;
  /** Judges the boards admitted on changed grounds again at once, on every instance. */
  readonly access: AccessWatch;
  readonly connections: number;
  close(): void;
}

const roomOf = (organisationId: string) => `organisation:${organisationId}`;

/** Closes a board whose key, session or right to watch has gone; a board still admitted stays. */
function judgeAgain(socket: Socket): void {
  const admission = (socket.data as { admission: Extract<DispatcherAdmission, { ok: true }> }).admission;
  admission.stillAdmitted().then(
    (still) => (still ? undefined : socket.disconnect(true)),
    () => undefined,
  );
}

/**
 * The dispatchers' channel on the realtime server: a board connects with an operator key of the
 * organisation it watches, receives a snapshot, then every committed change of that organisation
 * and its units' positions, coalesced per unit and sent together at most every 250 ms. Changes are
 * emitted to the organisation's room, so the server's fan-out carries them to every instance's
 * boards once. Clients send nothing here: actions are HTTP routes.
 */
export function serveDispatch(io: Server<any, any, any, any>, options: DispatchOptions): DispatchNamespace {
  const boards: Namespace = io.of(DISPATCH_NAMESPACE);
  admitWith(boards, (handshake) => options.admit(handshake), options.logger, 'a dispatch board');
  boards.on('connection', (socket) => {
    const admission = (socket.data as { admission: Extract<DispatcherAdmission, { ok: true }> }).admission;
    // Joined before the snapshot is read, so that no change falls between them; the board applies
    // deltas that arrive before its snapshot after it.
    socket.join(roomOf(admission.organisationId));
    joinGrounds(socket, admission.grounds);
    const drop = () => socket.disconnect(true);
    admission.board().then(
      (board) => (board === null ? drop() : socket.emit(BOARD_EVENT, snapshotPayload(board, options.now()))),
      (error: unknown) => {
        options.logger.warn({ reason: String(error) }, 'a dispatch board snapshot could not be read');
        drop();
      },
    );
    const recheck = setInterval(() => judgeAgain(socket), options.recheckMs ?? RECHECK_MS);
    socket.once('disconnect', () => clearInterval(recheck));
  });
  const access = recheckOnAccessChange(boards, options.shared ?? false, judgeAgain);

  const batches = new PositionBatches((organisationId, positions) =>
    boards.to(roomOf(organisationId)).emit(BOARD_EVENT, positionsPayload(positions, options.now())),
  );
  return {
    access,
    channel: {
      position: (position) => batches.add(position.organisationId, positionView(position)),
      change: (organisationId, change, emittedAt) => {
        // A unit that left duty must not come back with a position sent before it left.
        if (change.subject === 'unit' && (change.unit.status === 'OFF_DUTY' || !change.unit.isActive))
          batches.drop(organisationId, change.unit.id);
        boards.to(roomOf(organisationId)).emit(BOARD_EVENT, changePayload(change, emittedAt));
      },
      presence: (organisationId, claims, emittedAt) =>
        boards.to(roomOf(organisationId)).emit(BOARD_EVENT, presencePayload(claims, emittedAt)),
    },
    get connections() {
      return boards.sockets.size;
    },
    close: () => batches.close(),
  };
}

/** Latest position per unit, per organisation, flushed together once the batch's time has passed. */
class PositionBatches {
  private readonly pending = new Map<string, Map<string, PositionView>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly flush: (organisationId: string, positions: PositionView[]) => void) {}

  add(organisationId: string, position: PositionView): void {
    let units = this.pending.get(organisationId);
    if (units === undefined) this.pending.set(organisationId, (units = new Map()));
    units.set(position.unitId, position);
    if (!this.timers.has(organisationId)) {
      const timer = setTimeout(() => this.send(organisationId), POSITION_BATCH_MS);
      timer.unref();
      this.timers.set(organisationId, timer);
    }
  }

  drop(organisationId: string, unitId: string): void {
    this.pending.get(organisationId)?.delete(unitId);
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.pending.clear();
  }

  private send(organisationId: string): void {
    this.timers.delete(organisationId);
    const units = this.pending.get(organisationId);
    this.pending.delete(organisationId);
    if (units !== undefined && units.size > 0) this.flush(organisationId, [...units.values()]);
  }
}
