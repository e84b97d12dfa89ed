import { BrowserSession } from '../../domain/people/browser-session.ts';
import type { PersonId } from '../../domain/shared/ids.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export const SESSION_PREFIX = 'cad_ps_';

/**
 * A change of the person's rights (a role, an approval, one more organisation) ends their browser
 * sessions but `keep` (the keyed hash of the session making the change for itself, renewed by the
 * caller): a session id never outlives the rights it was signed in with. Returns how many ended.
 */
export async function endSessionsOnRightsChange(
  ports: Pick<Ports, 'browserSessions'>,
  personId: PersonId,
  now: Date,
  keep: string | null = null,
): Promise<number> {
  let ended = 0;
  for (const session of await ports.browserSessions.openOf(personId)) {
    if (session.snapshot().idHash === keep) continue;
    session.end(now);
    await ports.browserSessions.save(session);
    ended++;
  }
  return ended;
}

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
