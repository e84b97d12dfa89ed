import type { PersonId } from '../shared/ids.ts';

/** How long a session lives: without use (idle), and at most (absolute). Settings, with these defaults. */
export interface SessionLifetime {
  readonly idleMs: number;
  readonly absoluteMs: number;
}
export const DEFAULT_SESSION_LIFETIME: SessionLifetime = { idleMs: 2 * 60 * 60 * 1000, absoluteMs: 12 * 60 * 60 * 1000 };
/** A use renews the idle deadline at most this often, so reads do not each write. */
export const SESSION_TOUCH_MS = 60_000;

export interface BrowserSessionState {
  /** Keyed hash of the session id the cookie carries; the id itself is never stored. */
  readonly idHash: string;
  readonly personId: PersonId;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
  readonly idleUntil: Date;
  readonly expiresAt: Date;
  readonly endedAt: Date | null;
  /** What the browser said it was, for the person's list of their sessions. */
  readonly userAgent: string;
}

/** A signed-in browser: a record every instance sees, ended by sign-out, idleness or age. */
export class BrowserSession {
  private constructor(private state: BrowserSessionState) {}

  static open(input: { idHash: string; personId: PersonId; userAgent: string }, lifetime: SessionLifetime, now: Date): BrowserSession {
    return new BrowserSession({
      ...input,
      userAgent: input.userAgent.slice(0, 200),
      createdAt: now,
      lastSeenAt: now,
      idleUntil: new Date(now.getTime() + lifetime.idleMs),
      expiresAt: new Date(now.getTime() + lifetime.absoluteMs),
      endedAt: null,
    });
  }

  static restore(state: BrowserSessionState): BrowserSession {
    return new BrowserSession(state);
  }

  get personId(): PersonId {
    return this.state.personId;
  }

  isLive(now: Date): boolean {
    const t = now.getTime();
    return this.state.endedAt === null && t < this.state.idleUntil.getTime() && t < this.state.expiresAt.getTime();
  }

  /** A use: true when the idle deadline moved (then the record is saved). */
  touch(lifetime: SessionLifetime, now: Date): boolean {
    if (now.getTime() - this.state.lastSeenAt.getTime() < SESSION_TOUCH_MS) return false;
    this.state = { ...this.state, lastSeenAt: now, idleUntil: new Date(now.getTime() + lifetime.idleMs) };
    return true;
  }

  end(now: Date): void {
    if (this.state.endedAt === null) this.state = { ...this.state, endedAt: now };
  }

  snapshot(): BrowserSessionState {
    return this.state;
  }
}
