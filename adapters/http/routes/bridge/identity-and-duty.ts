import { HttpError } from '../../error-catalogue.ts';
import { type RouteSpec, ok } from '../../route-spec.ts';
import { text } from '../../schemas.ts';
import { bridgeEndpoint, bridgeRoute, playerBody, playerIdentifiers } from './bridge-route.ts';
import { dutyFields } from './body-fields.ts';

/** Who the player is: linking game identifiers to an account, and going on or off duty. */
export const identityAndDutyRoutes: readonly RouteSpec[] = [
  bridgeRoute('linkIdentity', {
    summary: 'Links the player to the account that generated the one-time code.',
    request: { path: '/identity/link', rate: ['identity-link', 10], fields: { code: text(32) } },
    answer: { flag: 'linked', carries: ['characterPublicId', 'displayName'], refusals: ['invalid_or_expired_code'] },
  }),
  bridgeEndpoint('startPendingLink', {
    operationId: 'bridgeStartPendingLink',
    summary:
      'An extension of the contract: `/cadlink` with no code. Starts a link for the player’s identifiers: the player opens `linkPath` on this service, signs in and confirms which character it links (single use, ten minutes, this organisation only), and the game learns of the link on its next call. Each call starts a fresh code; earlier ones stay good until used or expired. Limited as `/identity/link` is (10 a minute per credential).',
    request: { path: '/identity/link/pending', rate: ['identity-link-pending', 10], body: playerBody({}) },
    responses: {
      200: {
        description: '`code` (`XXXXX-XXXXX`), `expiresAt`, and `linkPath`, the address below this service to show the player.',
        schema: {
          type: 'object',
          required: ['code', 'expiresAt', 'linkPath'],
          additionalProperties: false,
          properties: {
            code: { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$' },
            expiresAt: { type: 'string', format: 'date-time' },
            linkPath: { type: 'string', pattern: '^/account/link#code=' },
          },
        },
      },
    },
    handle: async ({ grant, body }, start) => {
      const outcome = await start.execute({ grant, identifiers: playerIdentifiers(body.identifiers) });
      if (!outcome.ok) throw new Error('starting a pending link has no refusal');
      const { code, expiresAt, linkPath } = outcome.value;
      return ok({ code, expiresAt: expiresAt.toISOString(), linkPath });
    },
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
