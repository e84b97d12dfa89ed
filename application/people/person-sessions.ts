import { BrowserSession } from '../../domain/people/browser-session.ts';
import type { PersonId } from '../../domain/shared/ids.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export const SESSION_PREFIX = 'cad_ps_';

/**
 * Ends the person's open browser sessions, or only the one whose keyed hash is `only`; says how many
 * ended. A sign-out ends one or all; a change of the person's rights (a role, an approval, one more
 * organisation) ends all, so that a session id never outlives the rights it was signed in with.
 */
export async function endSessions(
  ports: Pick<Ports, 'browserSessions'>,
  personId: PersonId,
  now: Date,
  only: string | null = null,
): Promise<number> {
  let ended = 0;
  for (const session of await ports.browserSessions.openOf(personId)) {
    if (only !== null && session.snapshot().idHash !== only) continue;
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
