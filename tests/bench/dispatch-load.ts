/**
 * The load side of `bench:dispatch`, in its own process so that the service's process measures its
 * own CPU only: officers' heartbeats at a steady rate, and, when asked, dispatch boards on the
 * channel that time each position from the heartbeat's send to its arrival. Driven by the parent
 * over IPC: { officers, token, url, realtimeUrl, key, organisationId } once, then one phase at a time.
 */
import { type Socket, io } from 'socket.io-client';

interface Setup {
  readonly url: string;
  readonly realtimeUrl: string;
  readonly token: string;
  readonly key: string;
  readonly organisationId: string;
  readonly officers: number;
  readonly intervalMs: number;
}
interface Phase {
  readonly boards: number;
  readonly seconds: number;
}

let setup: Setup | undefined;
let sequence = 0;

const boards: Socket[] = [];
const sentAt = new Map<number, number>();
let latencies: number[] = [];
const messages = { count: 0 };

/** Boards connect before a phase, so that their handshakes and snapshots are not in its figures. */
async function connectBoards(count: number) {
  const s = setup!;
  for (let b = 0; b < count; b++) {
    const board = io(`${s.realtimeUrl}/dispatch`, {
      auth: { key: s.key, organisationId: s.organisationId },
      transports: ['websocket'],
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      board.once('board', () => resolve());
      board.once('connect_error', reject);
    });
    board.on('board', (event: { type: string; positions?: Array<{ mapX: number }> }) => {
      messages.count++;
      if (event.type !== 'positions') return;
      const now = performance.now();
      for (const position of event.positions!) {
        const sent = sentAt.get(position.mapX);
        if (sent !== undefined) latencies.push(now - sent);
      }
    });
    boards.push(board);
  }
}

async function runPhase(phase: Phase) {
  const s = setup!;
  sentAt.clear();
  latencies = [];
  messages.count = 0;
  // Every officer once per interval, spread evenly: ticks of 50 ms, each sending its share.
  const tickMs = 50;
  const perTick = (s.officers * tickMs) / s.intervalMs;
  const headers = { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' };
  let officer = 0;
  let owed = 0;
  let sent = 0;
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const deadline = started + phase.seconds * 1000;
  for (let tick = 0; performance.now() < deadline; tick++) {
    owed += perTick;
    for (; owed >= 1; owed--) {
      const seq = ++sequence;
      const body = JSON.stringify({ identifiers: { license: `license:dispatch-bench-${officer}` }, mapX: seq, mapY: -officer });
      officer = (officer + 1) % s.officers;
      sentAt.set(seq, performance.now());
      const request = fetch(`${s.url}/api/v1/integrations/game/location`, { method: 'POST', headers, body })
        .then(async (r) => {
          const text = await r.text();
          if (!text.includes('"reported":true')) failed++;
        })
        .catch(() => void failed++)
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
      sent++;
    }
    const next = started + (tick + 1) * tickMs;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  await Promise.all(inFlight);
  // Let the last batch reach the boards.
  await new Promise((resolve) => setTimeout(resolve, 600));
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies.length === 0 ? null : Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  return {
    sent,
    failed,
    seconds: (performance.now() - started) / 1000,
    boardMessages: messages.count,
    deliveries: latencies.length,
    expectedDeliveries: sent * phase.boards,
    latencyMs: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) },
  };
}

process.on('message', (message: { setup?: Setup; connect?: number; disconnect?: true; phase?: Phase; stop?: true }) => {
  if (message.connect !== undefined) {
    connectBoards(message.connect).then(
      () => process.send!({ connected: boards.length }),
      (error: unknown) => process.send!({ error: String(error) }),
    );
  } else if (message.disconnect) {
    for (const board of boards.splice(0)) board.close();
    process.send!({ disconnected: true });
  } else if (message.setup) {
    setup = message.setup;
    process.send!({ ready: true });
  } else if (message.phase) {
    runPhase(message.phase).then(
      (result) => process.send!({ result }),
      (error: unknown) => process.send!({ error: String(error) }),
    );
  } else if (message.stop) process.exit(0);
});
