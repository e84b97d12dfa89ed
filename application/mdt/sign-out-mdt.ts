import { audited, unchanged } from '../audit/audited-writes.ts';
import { credentialActor } from '../bridge/bridge-actor.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { MdtOfficer } from './mdt-officer.ts';

/** Expired entries a sign-out forgets on its way, so the list never outgrows the sessions that could still be used. */
const PURGE_BATCH = 100;

/**
 * `POST /mdt/sign-out` (decision 0108): the officer ends their own MDT session. It is listed as ended
 * until it would have expired, so every instance refuses it from the next request on, and the live
 * channel closes its socket at once (the grounds of the session). Audited as the MDT's other writes:
 * the hand-off's credential acting for the character. Signing out a session that is already ended
 * (a second tab, a double click that won the race) changes nothing and records nothing.
 */
export class SignOutMdt {
  constructor(private readonly ports: Pick<Ports, 'endedMdtSessions' | 'writes'>) {}

  async execute(officer: MdtOfficer): Promise<void> {
    const { session, player } = officer;
    await this.ports.writes.run(credentialActor(player.grant), async (now) => {
      await this.ports.endedMdtSessions.purge(now, PURGE_BATCH);
      if (!(await this.ports.endedMdtSessions.end(session.sessionId, session.expiresAt))) return unchanged(null);
      return audited(null, {
        organisationId: session.organisationId,
        action: 'mdt_session.signed_out',
        subject: { type: 'mdt_session', id: session.sessionId },
        playerCharacterId: session.characterId,
        details: { credentialId: session.credentialId },
      });
    });
  }
}
