import { Type } from '@sinclair/typebox';
import { presenceAnswerSchema, releaseAnswerSchema } from './answer-schemas.ts';
import { MAX_PRESENCE_IDENTIFIERS } from '../../../../domain/presence/presence.ts';
import { type RouteSpec, ok, route } from '../../route-spec.ts';
import { HttpError } from '../../error-catalogue.ts';
import { identifiers, text } from '../../schemas.ts';
import { BRIDGE_PATH, BRIDGE_TAG, bridgeEndpoint, bridgeRoute, playerIdentifiers } from './bridge-route.ts';
import { dutyFields } from './body-fields.ts';

/** Every connected player's identifiers, up to the limit. */
const players = Type.Object({ identifiers: Type.Array(identifiers, { maxItems: MAX_PRESENCE_IDENTIFIERS }) });

/** The game server's own errands: opening the MDT for a player, renewing presence, checking for a newer resource. */
export const handoffPresenceReleaseRoutes: readonly RouteSpec[] = [
  bridgeRoute('issueMdtHandoff', {
    operationId: 'bridgeMdtHandoff',
    summary: 'A single-use token, valid 120 s, that opens the MDT web client: `full` for an on-duty officer, else `basic`.',
    request: { path: '/mdt-handoff', rate: ['mdt-handoff', 10], fields: { ...dutyFields, confirmInGame: Type.Optional(Type.Boolean()) } },
    answer: {
      flag: 'issued',
      carries: ['token', 'expiresAt', 'tier'],
      present: ({ token, expiresAt, tier }) => ({ token, expiresAt: expiresAt.toISOString(), tier }),
      refusals: ['not_linked'],
    },
    errors: {
      // The contract's 429: `RATE_LIMITED`, nothing said of the wait.
      player_limit_reached: () => new HttpError('RATE_LIMITED'),
    },
    responses: { 429: { description: 'Past the player’s three hand-offs a minute, or the credential’s ten.' } },
  }),
  bridgeRoute('confirmMdtHandoff', {
    operationId: 'bridgeConfirmMdtHandoff',
    summary:
      'An extension of the contract: the player types in the game the code an MDT page shows, and that page gets its session. A page that opened `/mdt/` with no token (decision 0108) gets a hand-off for this player, judged as `/mdt-handoff` from `departmentSlug` and `onDuty` (read-only without them); a page that opened a `confirmInGame` hand-off of this player gets that one.',
    request: {
      path: '/mdt-handoff/confirm',
      rate: ['mdt-handoff-confirm', 30],
      fields: { code: text(16), departmentSlug: Type.Optional(dutyFields.departmentSlug), onDuty: Type.Optional(Type.Boolean()) },
    },
    answer: { flag: 'confirmed', carries: [], refusals: ['not_linked', 'invalid_or_expired_code'] },
    errors: { player_limit_reached: () => new HttpError('RATE_LIMITED') },
    responses: {
      429: { description: 'Past the player’s three hand-offs a minute (a page’s own pairing makes one), or the route’s budget.' },
    },
  }),
  bridgeEndpoint('renewPresence', {
    operationId: 'bridgePresence',
    summary: 'Renews the connected claim of every linked player among up to 500; never provisions or disconnects anyone.',
    request: { path: '/presence', rate: ['presence', 10], body: players },
    responses: { 200: { description: '`acknowledged: true`.', schema: presenceAnswerSchema } },
    handle: async ({ grant, body }, renewPresence) => {
      const players = body.identifiers.map((input, i) => playerIdentifiers(input, `identifiers[${i}]`));
      await renewPresence.execute({ grant, players });
      return ok({ acknowledged: true });
    },
  }),
  route({
    operationId: 'bridgeLatestRelease',
    method: 'GET',
    path: `${BRIDGE_PATH}/resource-release/latest`,
    summary: 'The latest published version of a game resource; public, no credential.',
    tag: BRIDGE_TAG,
    guard: { kind: 'public' },
    rateLimit: { bucket: 'release-check', perMinute: 30, per: 'address' },
    query: Type.Object({ resourceSlug: text(100), currentVersion: text(64) }),
    responses: {
      200: {
        description:
          '`found: true` with `resourceSlug`, `latestVersion`, `updateAvailable`, `manifest`; or `found: false` with `resourceSlug`.',
        schema: releaseAnswerSchema,
      },
    },
    useCase: 'checkRelease',
    handle: async ({ query }, checkRelease) => {
      const check = await checkRelease.execute(query);
      if (!check.found) return ok({ found: false, resourceSlug: query.resourceSlug });
      const { version: latestVersion, manifest } = check.release;
      return ok({ found: true, resourceSlug: query.resourceSlug, latestVersion, updateAvailable: check.updateAvailable, manifest });
    },
  }),
];
