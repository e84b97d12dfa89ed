import { BrowserSession } from '../../domain/people/browser-session.ts';
import type { PersonId } from '../../domain/shared/ids.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export const SESSION_PREFIX = 'cad_ps_';

/** Opens a browser session for the person: a new random id, of which only the keyed hash is stored. */
export async function openSession(
  ports: Pick<Ports, 'browserSessions' | 'secrets' | 'hasher' | 'settings'>,
  personId: PersonId,
  userAgent: string,
  now: Date,
): Promise<{ sessionId: string; session: BrowserSession }> {
  const sessionId = ports.secrets.secret(SESSION_PREFIX);
  const session = BrowserSession.open({ idHash: ports.hasher.hash(sessionId), personId, userAgent }, ports.settings.sessionLifetime, now);
  await ports.browserSessions.save(session);
  return { sessionId, session };
}
