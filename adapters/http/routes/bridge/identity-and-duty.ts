import { HttpError } from '../../error-catalogue.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { text } from '../../schemas.ts';
import { bridgeRoute } from './bridge-route.ts';
import { dutyFields } from './body-fields.ts';

/** Who the player is: linking game identifiers to an account, and going on or off duty. */
export const identityAndDutyRoutes: readonly RouteSpec[] = [
  bridgeRoute('linkIdentity', {
    summary: 'Links the player to the account that generated the one-time code.',
    request: { path: '/identity/link', rate: ['identity-link', 10], fields: { code: text(32) } },
    answer: { flag: 'linked', carries: ['characterPublicId', 'displayName'], refusals: ['invalid_or_expired_code'] },
  }),
  bridgeRoute('syncDuty', {
    summary: 'Puts the player on or off duty in the credential’s department; creates a player seen for the first time.',
    request: { path: '/duty', rate: ['duty', 60], fields: dutyFields },
    answer: {
      flag: 'synced',
      carries: ['unitId', 'status'],
      refusals: ['not_linked', 'unknown_department_slug', 'no_department_membership', 'callsign_not_assigned', 'unit_inactive'],
    },
    errors: { provision_limit_reached: () => new HttpError('RATE_LIMITED') },
    responses: { 429: { description: 'Past the credential’s hourly allowance of new players, or its per-minute limit.' } },
  }),
];
