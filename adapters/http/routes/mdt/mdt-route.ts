import type { MdtOfficer } from '../../../../application/mdt/mdt-officer.ts';
import { readOnlyBecause } from '../../../../application/mdt/mdt-officer.ts';
import type { MdtTier } from '../../../../domain/roster/mdt-handoff.ts';
import { HttpError } from '../../error-catalogue.ts';
import type { Guard, RateRule } from '../../route-spec.ts';

/** Where the MDT's routes live, and the tag the document files them under. */
export const MDT_PATH = '/api/v1/mdt';
export const MDT_TAG = 'mdt';

/**
 * What every MDT row shares: an MDT session only (a `full` row refuses a read-only one), a budget
 * per officer, the tag. A read may be polled by a page left open; a write is a person's action.
 */
export function onMdt(tier: MdtTier, name: string, perMinute: number): { guard: Guard; rateLimit: RateRule; tag: string } {
  return { guard: { kind: 'mdt', tier }, rateLimit: { bucket: `mdt-${name}`, perMinute, per: 'session' }, tag: MDT_TAG };
}

/**
 * The bridge's gate refusals as the MDT answers them. `not_linked`: the player's link went while
 * the request ran, the session's end (401). `not_on_duty`: read-only now (403, saying why).
 */
export function gateRefusal(officer: MdtOfficer, reason: 'not_linked' | 'not_on_duty'): HttpError {
  if (reason === 'not_linked') return new HttpError('UNAUTHORIZED');
  return new HttpError(
    'FORBIDDEN',
    officer.tier === 'full' ? 'Your unit is no longer on duty in this department.' : lookupsNeedDuty(officer),
  );
}

/** A lookup asked by a session that is not on duty now. */
function lookupsNeedDuty(officer: MdtOfficer): string {
  return officer.session.tier === 'basic'
    ? 'Lookups are for officers on duty; this MDT session is read-only.'
    : `Lookups are for officers on duty. ${readOnlyBecause(officer)}`;
}
