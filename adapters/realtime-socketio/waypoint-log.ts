import type { Redis } from 'ioredis';
import type { WaypointEvent } from './waypoint-payload.ts';

/**
 * How much of each department's waypoint events the log keeps (decision 0091): an event stays
 * while it is one of the department's last `maxEvents`, or younger than `maxAgeMs`, whichever
 * keeps more. By default 10,000 events and 15 minutes.
 */
export interface WaypointLogBounds {
  readonly maxEvents: number;
  readonly maxAgeMs: number;
}

export const DEFAULT_WAYPOINT_LOG_BOUNDS: WaypointLogBounds = { maxEvents: 10_000, maxAgeMs: 15 * 60_000 };

/** What a reconnecting socket is owed after the last sequence number it saw. */
export type Missed =
  /** The events after it, in sequence order, none left out; `last` is the newest the log holds (or the one asked about). */
  | { readonly kind: 'events'; readonly events: readonly WaypointEvent[]; readonly last: number }
  /** The log no longer holds (or never held) the events after it: the client must re-read `/waypoint`. */
  | { readonly kind: 'gap'; readonly last: number };

/**
 * The bounded log of waypoint events that reconnecting sockets resume from, per room (an
 * organisation's department). The instance that publishes an event appends it before sending it,
 * so every event a socket can receive is in the log by then.
 */
export interface WaypointLog {
  append(room: string, event: WaypointEvent, at: Date): Promise<void>;
  /** The events after `seq` (0: from the first); a gap when any of them is no longer held. */
  since(room: string, seq: number, now: Date): Promise<Missed>;
  /** The newest sequence number the log holds for the room; 0 when it holds none. */
  last(room: string): Promise<number>;
}

/**
 * The answer to `since` from the held entries at or after `seq`, in order. No gap only when the
 * entry `seq` itself is held (or `seq` is 0 and the log starts at 1) and the entries after it
 * follow on one by one; an entry missing in the middle (an event whose append failed) is a gap too.
 */
function missedFrom(seq: number, held: readonly WaypointEvent[], newest: number): Missed {
  const anchored = seq === 0 || held[0]?.seq === seq;
  const events = held.filter((event) => event.seq > seq);
  const followsOn = events.every((event, i) => event.seq === seq + 1 + i);
  if (!anchored || !followsOn) return { kind: 'gap', last: Math.max(newest, seq) };
  return { kind: 'events', events, last: Math.max(newest, seq) };
}

/** The log of a single instance, in its memory: lost when it stops (its clients are then told to re-read). */
export class MemoryWaypointLog implements WaypointLog {
  private readonly rooms = new Map<string, Array<{ at: number; event: WaypointEvent }>>();

  constructor(private readonly bounds: WaypointLogBounds = DEFAULT_WAYPOINT_LOG_BOUNDS) {}

  async append(room: string, event: WaypointEvent, at: Date): Promise<void> {
    let entries = this.rooms.get(room);
    if (entries === undefined) this.rooms.set(room, (entries = []));
    // Appends from one process arrive in order; keep the order by seq all the same.
    let index = entries.length;
    while (index > 0 && entries[index - 1]!.event.seq > event.seq) index--;
    if (entries[index - 1]?.event.seq === event.seq) return;
    entries.splice(index, 0, { at: at.getTime(), event });
    const oldest = at.getTime() - this.bounds.maxAgeMs;
    let drop = 0;
    while (entries.length - drop > this.bounds.maxEvents && entries[drop]!.at < oldest) drop++;
    if (drop > 0) entries.splice(0, drop);
  }

  async since(room: string, seq: number): Promise<Missed> {
    const entries = this.rooms.get(room) ?? [];
    const held = entries.filter((e) => e.event.seq >= seq).map((e) => e.event);
    return missedFrom(seq, held, entries.at(-1)?.event.seq ?? 0);
  }

  async last(room: string): Promise<number> {
    return this.rooms.get(room)?.at(-1)?.event.seq ?? 0;
  }
}

/**
 * Appends and trims in one step: a sorted set per room, scored by seq, each member the entry's
 * time and payload. The oldest entries go while there are more than the bound AND they are older
 * than the window. The key expires a day after its last append, so departments gone quiet leave
 * nothing behind (a day is longer than any bound the log promises).
 */
const APPEND = `
redis.call('ZADD', KEYS[1], 'NX', ARGV[1], ARGV[2])
local maxEvents = tonumber(ARGV[3])
local oldest = tonumber(ARGV[4])
local count = redis.call('ZCARD', KEYS[1])
local drop = 0
if count > maxEvents then
  local candidates = redis.call('ZRANGE', KEYS[1], 0, count - maxEvents - 1)
  for _, member in ipairs(candidates) do
    local at = tonumber(string.match(member, '^(%d+)|'))
    if at >= oldest then break end
    drop = drop + 1
  end
end
if drop > 0 then redis.call('ZREMRANGEBYRANK', KEYS[1], 0, drop - 1) end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return drop`;

const KEY_LIFETIME_MS = 24 * 60 * 60_000;

/** The log shared by every instance, in Redis (decision 0091): it outlives an instance's restart. */
export class RedisWaypointLog implements WaypointLog {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
    private readonly bounds: WaypointLogBounds = DEFAULT_WAYPOINT_LOG_BOUNDS,
  ) {}

  private key(room: string) {
    return `${this.prefix}waypoints:${room}`;
  }

  async append(room: string, event: WaypointEvent, at: Date): Promise<void> {
    await this.client.eval(
      APPEND,
      1,
      this.key(room),
      event.seq,
      `${at.getTime()}|${JSON.stringify(event)}`,
      this.bounds.maxEvents,
      at.getTime() - this.bounds.maxAgeMs,
      Math.max(KEY_LIFETIME_MS, this.bounds.maxAgeMs),
    );
  }

  async since(room: string, seq: number): Promise<Missed> {
    const key = this.key(room);
    const [held, newest] = await Promise.all([
      this.client.zrangebyscore(key, String(seq), '+inf'),
      this.client.zrange(key, '-1', '-1', 'WITHSCORES'),
    ]);
    return missedFrom(
      seq,
      held.map((member) => JSON.parse(member.slice(member.indexOf('|') + 1)) as WaypointEvent),
      newest[1] === undefined ? 0 : Number(newest[1]),
    );
  }

  async last(room: string): Promise<number> {
    const newest: string[] = await this.client.zrange(this.key(room), '-1', '-1', 'WITHSCORES');
    return newest[1] === undefined ? 0 : Number(newest[1]);
  }
}
