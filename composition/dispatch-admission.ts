import type { DispatcherAdmission } from '../adapters/realtime-socketio/index.ts';
import type { OrganisationId } from '../domain/shared/ids.ts';
import type { CadCore } from './core.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who may watch a dispatch board: an operator key (handshake `auth.key`) that reaches the
 * organisation it names (`auth.organisationId`), whatever its permissions; acting needs
 * `dispatch.manage`, which the routes check. The key is checked again for every snapshot and
 * while the board stays connected, so a revoked key stops watching. An unknown key, a revoked
 * one and one of another organisation are refused alike.
 */
export function dispatcherAdmission(core: CadCore): (auth: unknown) => Promise<DispatcherAdmission> {
  const operatorOf = (key: string) => core.useCases.authenticateOperator.execute(key);
  return async (auth) => {
    const { key, organisationId } = (typeof auth === 'object' && auth !== null ? auth : {}) as Record<string, unknown>;
    if (typeof key !== 'string') return { ok: false, reason: 'invalid_key' };
    if (typeof organisationId !== 'string' || !UUID.test(organisationId)) return { ok: false, reason: 'organisation_required' };
    const watched = organisationId.toLowerCase() as OrganisationId;
    const operator = await operatorOf(key);
    if (operator === null || !operator.reaches(watched)) return { ok: false, reason: 'invalid_key' };
    return {
      ok: true,
      organisationId: watched,
      board: async () => {
        const current = await operatorOf(key);
        if (current === null) return null;
        const board = await core.useCases.readDispatchBoard.execute({ operator: current, organisationId: watched });
        return board.ok ? board.value : null;
      },
      stillAdmitted: async () => (await operatorOf(key))?.reaches(watched) ?? false,
    };
  };
}
