import { grantOf } from '../../domain/credential/access-grant.ts';
import { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { MdtSession } from '../ports/mdt-session-issuer.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { MdtOfficer } from './mdt-officer.ts';

/**
 * Every MDT request: a verified session becomes the officer as the records stand now. The
 * hand-off's credential must still be a game credential of the session's department, the
 * character must still be linked, and the full gate decides between `full` and `basic` on every
 * request, so going off duty or a deactivated unit counts from the next request on. Anything
 * else (a session its officer signed out, a revoked credential, a secret rotated since the session was
 * issued, an unlinked character) ends the session: null, the same 401.
 */
export class AuthenticateMdtSession {
  constructor(private readonly ports: Pick<Ports, 'endedMdtSessions' | 'credentials' | 'identifierLinks' | 'gate'>) {}

  async execute(session: MdtSession): Promise<MdtOfficer | null> {
    // Signed out: listed as ended, on every instance, until it would have expired anyway.
    if (await this.ports.endedMdtSessions.isEnded(session.sessionId)) return null;
    const credential = await this.ports.credentials.get(session.credentialId);
    if (credential === null || credential.isRevoked || credential.organisationId !== session.organisationId) return null;
    // A rotated secret ends the sessions opened through the old one: a leaked secret leaves none behind.
    // One issued in the very millisecond of the rotation is counted as before it (the safe side).
    const rotatedAt = credential.snapshot().rotatedAt;
    if (rotatedAt !== null && (session.issuedAt === undefined || session.issuedAt <= rotatedAt)) return null;
    const grant = grantOf(credential.snapshot());
    if (grant?.kind !== 'game' || grant.departmentId !== session.departmentId) return null;
    const links = await this.ports.identifierLinks.linksOf(session.organisationId, session.characterId);
    // One identifier of each kind is enough: every link of the character resolves to it.
    const identifiers = PlayerIdentifiers.from(Object.fromEntries(links.map((link) => [link.kind, link.value])));
    if (!identifiers.ok) return null;
    const player = await this.ports.gate.player(grant, identifiers.value);
    if (player?.characterId !== session.characterId) return null;
    const onDuty = this.ports.gate.judgeOnDuty(grant, player).ok;
    return {
      session,
      tier: session.tier === 'full' && onDuty ? 'full' : 'basic',
      player: { grant, identifiers: identifiers.value },
      unit: player.unit,
    };
  }
}
