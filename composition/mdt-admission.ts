import type { MdtAdmission } from '../adapters/realtime-socketio/index.ts';
import type { CadCore } from './core.ts';

/**
 * Who may listen on the MDT channel: an MDT session (handshake `auth.token`), judged as the MDT
 * routes judge it (decision 0080): verified under its own audience, then the officer read as the
 * records stand. An access token, an operator key, an expired or ended session are refused alike.
 * The session is judged again while the MDT stays connected, so an ended session stops listening.
 */
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
    const { unit } = found.officer;
    return {
      ok: true,
      unitId: unit?.id ?? null,
      callId: unit?.assignment?.callId ?? null,
      expiresAt: core.mdtSessions.expiryOf(token) ?? core.clock.now(),
      stillAdmitted: async () => ((await officerOf(token))?.officer ?? null) !== null,
    };
  };
}
