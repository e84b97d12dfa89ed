import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import type { EndedMdtSessions } from '../../../application/ports/ended-mdt-sessions.ts';
import type { OrmSession } from '../orm-session.ts';
import { rawNumber } from '../raw-values.ts';

/** A second sign-out of the same session (two tabs, a double click) changes nothing and says so. */
const END = `insert into ended_mdt_sessions (session_id, until) values (?, ?)
  on conflict (session_id) do nothing returning 1 as ended`;
const IS_ENDED = 'select 1 as ended from ended_mdt_sessions where session_id = ?';
/** Rows another transaction holds are passed over: the sweep never makes a sign-out wait. */
const PURGE = `with gone as (
    delete from ended_mdt_sessions where ctid = any(array(
      select ctid from ended_mdt_sessions where until <= ? limit ? for update skip locked))
    returning 1)
  select count(*) as purged from gone`;

/** The signed-out MDT sessions in the database that every instance shares: one primary-key read per MDT request. */
export class MikroOrmEndedMdtSessions implements EndedMdtSessions {
  constructor(private readonly session: OrmSession) {}

  private get em(): SqlEntityManager {
    return this.session.em() as unknown as SqlEntityManager;
  }

  async end(sessionId: string, until: Date): Promise<boolean> {
    return (await this.em.execute<unknown[]>(END, [sessionId, until])).length > 0;
  }

  async isEnded(sessionId: string): Promise<boolean> {
    return (await this.em.execute<unknown[]>(IS_ENDED, [sessionId])).length > 0;
  }

  async purge(now: Date, limit: number): Promise<number> {
    if (limit <= 0) return 0;
    const [row] = await this.em.execute<Array<{ purged: unknown }>>(PURGE, [now, limit]);
    return rawNumber(row?.purged);
  }
}
