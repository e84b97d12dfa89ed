import type { EndedMdtSessions } from '../../application/ports/ended-mdt-sessions.ts';
import type { MemoryDatabase, MemoryTable } from './memory-database.ts';

interface EndedSession {
  readonly sessionId: string;
  readonly until: Date;
}

/** The signed-out MDT sessions in process memory, each until its own expiry. */
export class MemoryEndedMdtSessions implements EndedMdtSessions {
  private readonly rows: MemoryTable<EndedSession>;

  constructor(private readonly db: MemoryDatabase) {
    this.rows = db.table<EndedSession>('ended_mdt_sessions');
  }

  end(sessionId: string, until: Date): Promise<boolean> {
    return this.db.access(() => {
      if (this.rows.get(sessionId) !== undefined) return false;
      this.rows.put(sessionId, { sessionId, until });
      return true;
    });
  }

  isEnded(sessionId: string): Promise<boolean> {
    return this.db.access(() => this.rows.get(sessionId) !== undefined);
  }

  purge(now: Date, limit: number): Promise<number> {
    return this.db.access(() => {
      const expired = this.rows.filter((row) => row.until <= now).slice(0, Math.max(0, limit));
      for (const row of expired) this.rows.delete(row.sessionId);
      return expired.length;
    });
  }
}
