import { originIsOwnPage, sessionIdInCookies } from '../adapters/http/session-cookie.ts';
import type { DispatcherAdmission, Handshake } from '../adapters/realtime-socketio/index.ts';
import type { Operator } from '../domain/operator/operator.ts';
import type { OrganisationId } from '../domain/shared/ids.ts';
import type { CadCore } from './core.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const header = (headers: Handshake['headers'], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Who may watch a dispatch board: an operator key (handshake `auth.key`), or a signed-in person (the
 * session cookie, from a page of this service: the handshake's `Origin` is the scheme, host and port
 * it reached, or the pages' port of that host when the channel has a port of its own),
 * that reaches the organisation it names (`auth.organisationId`) and holds `dispatch.view` there
 * (which `dispatch.manage` grants), as the HTTP routes that read calls need; acting needs
 * `dispatch.manage`, which the routes check. The key or session and that permission are checked
 * again for every snapshot and while the board stays connected, so a revoked key, an ended session
 * or a role taken away stops the watching. Unknown, revoked, ended and foreign are refused alike;
 * the organisation's own key or person without the permission is `forbidden`.
 */
export function dispatcherAdmission(
  core: CadCore,
  pagesPort: () => number | undefined,
): (handshake: Handshake) => Promise<DispatcherAdmission> {
  return async ({ auth, headers }) => {
    const { key, organisationId } = (typeof auth === 'object' && auth !== null ? auth : {}) as Record<string, unknown>;
    const sessionId = typeof key === 'string' ? null : sessionIdInCookies(header(headers, 'cookie'));
    const fromOwnPage = originIsOwnPage(header(headers, 'origin'), header(headers, 'host'), pagesPort());
    const operatorNow = async (): Promise<Operator | null> => {
      if (typeof key === 'string') return core.useCases.authenticateOperator.execute(key);
      if (sessionId === null || !fromOwnPage) return null;
      return core.useCases.authenticatePerson.execute(sessionId);
    };
    if (typeof key !== 'string' && sessionId === null) return { ok: false, reason: 'invalid_key' };
    if (typeof organisationId !== 'string' || !UUID.test(organisationId)) return { ok: false, reason: 'organisation_required' };
    const watched = organisationId.toLowerCase() as OrganisationId;
    const operator = await operatorNow();
    if (operator === null || !operator.reaches(watched)) return { ok: false, reason: 'invalid_key' };
    if (!operator.allows('dispatch.view', watched)) return { ok: false, reason: 'forbidden' };
    return {
      ok: true,
      organisationId: watched,
      // A revoked key, a person's changed role or ended sessions, a role's changed set: judged again at once.
      grounds: [
        { kind: operator.actorKind === 'person' ? 'person' : 'operator_key', id: operator.id },
        { kind: 'organisation', id: watched },
      ],
      board: async () => {
        const current = await operatorNow();
        if (current === null) return null;
        const board = await core.useCases.readDispatchBoard.execute({ operator: current, organisationId: watched });
        return board.ok ? board.value : null;
      },
      stillAdmitted: async () => (await operatorNow())?.allows('dispatch.view', watched) ?? false,
    };
  };
}
