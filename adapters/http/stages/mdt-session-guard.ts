import type { AuthenticateMdtSession } from '../../../application/mdt/authenticate-mdt-session.ts';
import { readOnlyBecause } from '../../../application/mdt/mdt-officer.ts';
import type { MdtTier } from '../../../domain/roster/mdt-handoff.ts';
import type { MdtSessionRules } from '../bearer-token-rules.ts';
import { HttpError } from '../error-catalogue.ts';
import type { Stage } from '../exchange.ts';

/** What the MDT guard needs: the session's verifier and the use case that reads the officer as the records stand. */
export interface MdtSessionCheck {
  readonly sessions: MdtSessionRules;
  readonly authenticate: AuthenticateMdtSession;
}

/**
 * The guard of an MDT route: only an MDT session passes (an access token or an operator key is the
 * same 401 as a bad token), and the officer is judged against the records on every request. A
 * write (`full`) is refused with a 403 that says why when the session is read-only now.
 */
export function mdtSession(tier: MdtTier, check: MdtSessionCheck): Stage {
  return async (ex, next) => {
    const [scheme, presented] = ex.get('authorization').split(' ');
    const session = scheme === 'Bearer' && presented ? check.sessions.verify(presented, new Date()) : null;
    const officer = session === null ? null : await check.authenticate.execute(session);
    if (officer === null) throw new HttpError('UNAUTHORIZED');
    ex.state.mdt = officer;
    if (tier === 'full' && officer.tier !== 'full') throw new HttpError('FORBIDDEN', readOnlyBecause(officer));
    await next();
  };
}
