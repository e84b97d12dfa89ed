import type { MdtAdmission, MdtPlace } from '../adapters/realtime-socketio/index.ts';
import type { MdtOfficer } from '../application/mdt/mdt-officer.ts';
import type { CadCore } from './core.ts';

/**
 * Who may listen on the MDT channel: an MDT session (handshake `auth.token`), judged as the MDT
 * routes judge it (decision 0080): verified under its own audience, then the officer read as the
 * records stand. An access token, an operator key, an expired or ended session are refused alike.
 * The session is judged again while the MDT stays connected, so an ended session stops listening
 * and a socket follows its officer into a unit, out of one, or to another.
 */
/** The officer's unit and the call it is on, as read now: where its MDT listens. */
const placeOf = ({ unit }: MdtOfficer): MdtPlace => ({ unitId: unit?.id ?? null, callId: unit?.assignment?.callId ?? null });

export function mdtAdmission(core: CadCore): (auth: unknown) => Promise<MdtAdmission> {
  const officerOf = async (token: string) => {
    const session = core.mdtSessions.verify(token, core.clock.now());
    return session === null ? null : { session, officer: await core.useCases.authenticateMdtSession.execute(session) };
  };
  return async (auth) => {
    const { token } = (typeof auth === 'object' && auth !== null ? auth : {}) as Record<string, unknown>;
    if (typeof token !== 'string') return { ok: false, reason: 'invalid_session' };
    const found = await officerOf(token);
    if (found === null || found.officer === null) return { ok: false, reason: 'invalid_session' };
    return {
      ok: true,
      ...placeOf(found.officer),
      expiresAt: core.mdtSessions.expiryOf(token) ?? core.clock.now(),
      // A revoked or rotated credential closes the MDTs it opened at once, a sign-out its own, and
      // the end of the character's game link (unlinked, retired) those of the character.
      grounds: [
        { kind: 'credential', id: found.session.credentialId },
        { kind: 'mdt_session', id: found.session.sessionId },
        { kind: 'character', id: found.session.characterId },
      ],
      recheck: async () => {
        const officer = (await officerOf(token))?.officer ?? null;
        return officer === null ? null : placeOf(officer);
      },
    };
  };
}
