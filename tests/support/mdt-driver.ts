import { type Socket as ClientSocket, io } from 'socket.io-client';
import type { BridgeWorld, Desk, Player } from './bridge-driver.ts';
import type { HttpReply } from './http-client.ts';
import { expect } from './operator-driver.ts';
import { WAIT_MS } from './realtime-client.ts';

export const MDT = '/api/v1/mdt';
export const MDT_EXCHANGE = '/api/v1/auth/mdt-handoff/exchange';

/** The hand-off as a game resource asks for it: the token the MDT page is opened with. */
export async function handoffToken(
  world: BridgeWorld,
  player: Player,
  options: { onDuty?: boolean; desk?: Desk; confirmInGame?: boolean } = {},
) {
  const desk = options.desk ?? world.desk;
  const reply = await desk.post('/mdt-handoff', {
    identifiers: player.identifiers,
    departmentSlug: desk.slug,
    onDuty: options.onDuty ?? true,
    ...(options.confirmInGame !== undefined && { confirmInGame: options.confirmInGame }),
  });
  if (reply.body?.issued !== true) throw new Error(`hand-off failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body as { token: string; tier: 'full' | 'basic'; expiresAt: string };
}

/** An MDT session for the player, through the bridge's hand-off and the exchange, as the page opens one. */
export async function mdtSession(world: BridgeWorld, player: Player, options: { onDuty?: boolean; desk?: Desk } = {}) {
  const { token } = await handoffToken(world, player, options);
  const session = expect(await world.http.post(MDT_EXCHANGE, { token }), 200) as { sessionToken: string; tier: string };
  return mdtClient(world, session.sessionToken);
}

/** The MDT routes with one session, as the page calls them. */
export function mdtClient(world: BridgeWorld, sessionToken: string) {
  const options = { token: sessionToken };
  return {
    sessionToken,
    get: <Body = any>(path: string): Promise<HttpReply<Body>> => world.http.get(`${MDT}${path}`, options),
    post: <Body = any>(path: string, body?: unknown): Promise<HttpReply<Body>> => world.http.post(`${MDT}${path}`, body, options),
  };
}

export type MdtClient = ReturnType<typeof mdtClient>;

export type MdtEvent = { type: string; emittedAt: string } & Record<string, any>;

/** An MDT as a stock `socket.io-client` sees its channel: every `mdt` event it received, in order. */
export interface MdtListener {
  readonly socket: ClientSocket;
  readonly events: MdtEvent[];
  /** The first event (from the start) that satisfies `match`, waiting for it up to WAIT_MS. */
  next(what: string, match: (event: MdtEvent) => boolean): Promise<MdtEvent>;
  close(): void;
}

export function mdtListener(realtimeUrl: string, auth: Record<string, unknown>): MdtListener {
  const socket = io(`${realtimeUrl}/mdt`, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  const events: MdtEvent[] = [];
  const waiters = new Set<() => void>();
  socket.on('mdt', (event: MdtEvent) => {
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
