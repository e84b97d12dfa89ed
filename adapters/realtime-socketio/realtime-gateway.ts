import { randomBytes } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { TemplatedApp } from 'uWebSockets.js';
import { Server } from 'socket.io';
import { unauthorized } from './admission.ts';
import type { AccessWatch } from '../../application/ports/access-watch.ts';
import type { DispatchChannel } from '../../application/ports/dispatch-channel.ts';
import type { WaypointChannel } from '../../application/ports/waypoint-channel.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type DispatchOptions, serveDispatch } from './dispatch-namespace.ts';
import { type MdtOptions, serveMdt } from './mdt-namespace.ts';
import { attachToHttpServer, attachToUwsApp, engineDrained, listenOnUws, loadUws } from './realtime-engines.ts';
import type { FanOut } from './redis-fan-out.ts';
import { MemoryWaypointLog, type WaypointLog } from './waypoint-log.ts';
import { type ClientEvents, DEFAULT_ORDER_HOLD_MS, type ServerEvents, type SocketData, WaypointDelivery } from './waypoint-delivery.ts';
import { type WaypointEvent, isWaypointEvent, waypointPayload } from './waypoint-payload.ts';

export { RESUMED_EVENT, RESYNC_EVENT, WAYPOINT_EVENT } from './waypoint-delivery.ts';

/** The namespace of the game bridge's realtime channel (section 6 of the contract). */
export const GAME_NAMESPACE = '/integrations/game';
/** The fan-out's server-side event that carries a waypoint event to the other instances' sockets. */
const FANNED_OUT = 'cad:waypoint';

export type RealtimeEngineChoice = 'auto' | 'uws' | 'node';

export type RealtimeAuthResult =
  | { ok: true; organisationId: string; departmentId: string; expiresAt: Date }
  | { ok: false; reason: 'invalid_token' | 'token_expired' | 'game_credential_required' };

/** Why a handshake was refused: the token's reasons, or an `auth.offset` that is no sequence number. */
export type RealtimeRefusal = Extract<RealtimeAuthResult, { ok: false }>['reason'] | 'invalid_offset';

export interface RealtimeOptions {
  engine: RealtimeEngineChoice;
  /** uWS engine: its own port (0 = any free port) and host. */
  port: number;
  host: string;
  /**
   * The HTTP transport's server: Node's (the Koa transport), which the node engine attaches to on
   * its port; or a uWebSockets.js app (the uws transport), which the uws engine shares, on its port.
   */
  http: { readonly kind: 'node'; readonly server: HttpServer } | { readonly kind: 'uws'; readonly app: TemplatedApp; readonly url: string };
  /** Verifies the handshake `auth.token` exactly as HTTP does (signature, issuer, audience, expiry) and says whether it is a game credential. */
  authenticate: (token: unknown) => RealtimeAuthResult;
  /** Current time, for the expiry timer. */
  now: () => Date;
  logger: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Carries each event to the other instances' sockets too (`redisFanOut`); this instance's only when left out. */
  fanOut?: FanOut;
  /** Serves the dispatchers' channel (`/dispatch`) beside the game's; left out, only the game's. */
  dispatch?: DispatchOptions;
  /** The bounded log reconnecting sockets resume from (decision 0091); this instance's memory, default bounds, when left out. */
  log?: WaypointLog;
  /** Serves the officers' MDT channel (`/mdt`); left out, none. */
  mdt?: MdtOptions;
  /** How long a waypoint event waits for an earlier one of its department (decision 0110); 250 ms when left out. */
  orderHoldMs?: number;
}

export interface RealtimeGateway {
  readonly engine: 'uws' | 'node';
  /**
   * Why the `auto` engine runs on Node's HTTP server: uWebSockets.js's load error (on Linux, most
   * often a glibc older than 2.38). Null when nothing fell back. The caller tells the operator.
   */
  readonly fallback: string | null;
  /** The application's waypoint channel, written on this gateway in the wire shape. */
  readonly waypoints: WaypointChannel;
  /** The application's dispatch channel, written on this gateway's `/dispatch` namespace; null when not served. */
  readonly dispatch: DispatchChannel | null;
  /** The MDT channel, fed with the same committed changes as `dispatch`; null when not served. */
  readonly mdt: DispatchChannel | null;
  /** Judges the dispatch boards and MDTs admitted on changed grounds again at once, on every instance. */
  readonly access: AccessWatch;
  /** Sends one wire payload to the sockets of its organisation and department. */
  publish(organisationId: OrganisationId, event: WaypointEvent): void;
  /** Base URL a game resource connects to, without the namespace, e.g. http://127.0.0.1:4001 */
  readonly url: string;
  /** Connected sockets right now. */
  readonly connections: number;
  close(): Promise<void>;
}

/** A non-negative integer, as a stock client echoes it (a string) or as a client sends it by hand. */
const OFFSET = /^(0|[1-9][0-9]{0,14})$/;

/** The handshake's `auth.offset`: absent (null), a sequence number, or not one (undefined). */
function offsetOf(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && OFFSET.test(text) ? Number(text) : undefined;
}

/** Larger client frames close the connection: clients have nothing to say beyond the handshake. */
const MAX_CLIENT_MESSAGE_BYTES = 4096;
/** setTimeout's ceiling (about 24.8 days); tokens live minutes, but a longer delay would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const roomOf = (organisationId: string, departmentId: string) => `${organisationId}:${departmentId}`;

/**
 * The realtime waypoint channel: a Socket.IO v4 server whose namespace `/integrations/game`
 * admits `game` credentials (handshake `auth.token`) into the room of their organisation and
 * department, pushes `waypoint` events there, and drops each socket when its token expires.
 * It runs on uWebSockets.js at its own port, or attached to the Node HTTP server.
 */
export async function startRealtime(options: RealtimeOptions): Promise<RealtimeGateway> {
  const { uws, fallback } = options.engine === 'node' ? { uws: null, fallback: null } : await loadUws(options);
  let closing = false;

  const io = new Server<ClientEvents, ServerEvents, Record<string, never>, SocketData>({
    serveClient: false,
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    // Once closing, no new engine session starts (the node engine stays hooked into the HTTP server).
    allowRequest: (_req, callback) => callback(closing ? 'realtime channel closed' : null, !closing),
    ...(options.fanOut === undefined ? {} : { adapter: options.fanOut }),
  });

  // The default namespace always exists in Socket.IO; it serves nothing here.
  io.of('/').use((_socket, next) => next(new Error('namespace not served')));

  const games = io.of(GAME_NAMESPACE);
  const log = options.log ?? new MemoryWaypointLog();
  const delivery = new WaypointDelivery(games, {
    log,
    now: options.now,
    holdMs: options.orderHoldMs ?? DEFAULT_ORDER_HOLD_MS,
    logger: options.logger,
  });
  games.adapter.on('delete-room', (room: string) => delivery.left(room));
  // Another instance's event: given to this instance's sockets in sequence order.
  games.on(FANNED_OUT, (room: unknown, event: unknown) => {
    if (typeof room === 'string' && isWaypointEvent(event)) delivery.offer(room, event);
  });
  games.use((socket, next) => {
    const result = options.authenticate(socket.handshake.auth?.token);
    if (!result.ok) return next(unauthorized(result.reason));
    const resumeFrom = offsetOf(socket.handshake.auth?.['offset']);
    if (resumeFrom === undefined) return next(unauthorized('invalid_offset'));
    socket.data = {
      room: roomOf(result.organisationId, result.departmentId),
      expiresAt: result.expiresAt,
      resumeFrom,
      at: resumeFrom ?? 0,
    };
    // Socket.IO's client keeps the last string argument of each event as its offset, and sends it
    // back (with this id) when it reconnects, but only once the server has given it a session id
    // (`pid`). Socket.IO gives one only with its own connection-state recovery, whose session the
    // fresh token of a renewed connection could not restore (decision 0091); the id is given here.
    (socket as unknown as { pid: string }).pid = randomBytes(12).toString('base64url');
    next();
  });
  games.on('connection', (socket) => {
    // Dropped when its token expires; the client reconnects with a fresh one (section 5.11).
    const remaining = Math.min(Math.max(socket.data.expiresAt.getTime() - options.now().getTime(), 0), MAX_TIMER_MS);
    const expiry = setTimeout(() => socket.disconnect(true), remaining);
    socket.once('disconnect', () => clearTimeout(expiry));
    delivery.admit(socket).catch((error: unknown) => {
      // The log did not answer (Redis away): the socket goes live, and is told to re-read.
      options.logger.warn({ reason: String(error) }, 'the waypoint log did not answer: a socket was told to re-read');
      delivery.admitUnsynchronised(socket);
    });
    // No event handlers: whatever a client emits is dropped by Socket.IO.
  });

  const shared = options.fanOut !== undefined;
  const dispatch = options.dispatch === undefined ? null : serveDispatch(io, { ...options.dispatch, shared });
  const mdt = options.mdt === undefined ? null : serveMdt(io, { ...options.mdt, shared });

  const attached =
    uws === null
      ? attachToHttpServer(io, options.http)
      : options.http.kind === 'uws'
        ? attachToUwsApp(io, options.http.app, options.http.url)
        : await listenOnUws(io, uws, options);
  options.logger.info({ engine: attached.engine, url: attached.url, namespace: GAME_NAMESPACE }, 'realtime channel listening');

  let closed: Promise<void> | undefined;
  const send = (room: string, event: WaypointEvent) => {
    if (closing) return;
    delivery.offer(room, event);
    if (shared) games.serverSideEmit(FANNED_OUT, room, event);
  };
  // Logged before it is sent: a socket that resumes, or a room that waits for it, finds it in the log.
  const publish = (organisationId: OrganisationId, event: WaypointEvent) => {
    if (closing) return;
    const room = roomOf(organisationId, event.departmentId);
    log.append(room, event, options.now()).then(
      () => send(room, event),
      (error: unknown) => {
        // Sent all the same; a socket that resumes across it is told to re-read.
        options.logger.warn({ reason: String(error) }, 'a waypoint event was not logged: sockets that resume across it will re-read');
        send(room, event);
      },
    );
  };
  return {
    engine: attached.engine,
    fallback,
    url: attached.url,
    get connections() {
      return games.sockets.size;
    },
    waypoints: { publish: (organisationId, change, emittedAt) => publish(organisationId, waypointPayload(change, emittedAt)) },
    dispatch: dispatch?.channel ?? null,
    mdt: mdt?.channel ?? null,
    access: { changed: (grounds) => [dispatch?.access, mdt?.access].forEach((watch) => watch?.changed(grounds)) },
    publish,
    close() {
      closing = true;
      delivery.close();
      dispatch?.close();
      // Connections are dropped without a Socket.IO `disconnect` packet, as io.close() does, so
      // clients reconnect (with backoff) once the service is back. Not disconnectSockets(true):
      // it starts an orderly polling close that waits up to 30 s for a poll that never comes.
      closed ??= (async () => {
        await attached.close();
        if (!(await engineDrained(io)))
          options.logger.warn({ open: io.engine.clientsCount }, 'realtime connections still open after close');
      })();
      return closed;
    },
  };
}
