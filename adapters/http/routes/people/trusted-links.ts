import { conflict, notFound } from '../../refusals.ts';
import { type RouteSpec, ok } from '../../route-spec.ts';
import { idParams } from '../../schemas.ts';
import { accountRoute } from './account-route.ts';

const identifiersSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['kind', 'value'],
    additionalProperties: false,
    properties: { kind: { type: 'string' }, value: { type: 'string' } },
  },
};

/**
 * Linking by a trusted identity (issue 32, decision 0112): a person who signed in with Discord links
 * the game players waiting with `discord:<the same id>` to one of their own characters, without a code,
 * where the organisation turned `trustedIdentityLink` on.
 */
export const trustedLinkRoutes: readonly RouteSpec[] = [
  accountRoute('read', {
    operationId: 'listMyWaitingIdentities',
    method: 'GET',
    path: '/api/v1/account/organisations/:organisationId/waiting-identities',
    summary:
      'The game players waiting to be linked (`/identity/link/pending`) that carry the `discord:` identity one signed in with, when the organisation links by trusted identity.',
    params: idParams('organisationId'),
    responses: {
      200: {
        description:
          '`enabled` (the organisation’s `trustedIdentityLink`), `vouchedFor` (the game identities one’s sign-in proves) and `waiting` (empty unless enabled), each with its `identifiers` and `expiresAt`.',
        schema: {
          type: 'object',
          required: ['enabled', 'vouchedFor', 'waiting'],
          additionalProperties: false,
          properties: {
            enabled: { type: 'boolean' },
            vouchedFor: { type: 'array', items: { type: 'string' } },
            waiting: {
              type: 'array',
              items: {
                type: 'object',
                required: ['identifiers', 'expiresAt'],
                additionalProperties: false,
                properties: { identifiers: identifiersSchema, expiresAt: { type: 'string', format: 'date-time' } },
              },
            },
          },
        },
      },
      404: { description: '`NOT_FOUND`: the person does not belong to that organisation.' },
    },
    useCase: 'readTrustedLinks',
    handle: async ({ person, params }, read) => {
      const outcome = await read.execute({ person, organisationId: params.organisationId });
      if (!outcome.ok) throw notFound('organisation')();
      const { enabled, vouchedFor, waiting } = outcome.value;
      return ok({
        enabled,
        vouchedFor,
        waiting: waiting.map((w) => ({ identifiers: w.identifiers, expiresAt: w.expiresAt.toISOString() })),
      });
    },
  }),
  accountRoute('write', {
    operationId: 'linkByTrustedIdentity',
    method: 'POST',
    path: '/api/v1/account/characters/:characterId/trusted-link',
    summary:
      'Links every game player waiting with one’s own `discord:` identity to one’s own active character, without a code; audited `via: trusted_identity`.',
    params: idParams('characterId'),
    responses: {
      200: {
        description:
          '`linked: true`, `characterPublicId`, `displayName` and the `identifiers` linked; or `linked: false` with `reason` `nothing_waiting` (the organisation does not link this way, or no game player waits with one’s identity).',
        schema: {
          oneOf: [
            {
              type: 'object',
              required: ['linked', 'characterPublicId', 'displayName', 'identifiers'],
              additionalProperties: false,
              properties: {
                linked: { const: true },
                characterPublicId: { type: 'string', format: 'uuid' },
                displayName: { type: 'string' },
                identifiers: identifiersSchema,
              },
            },
            {
              type: 'object',
              required: ['linked', 'reason'],
              additionalProperties: false,
              properties: { linked: { const: false }, reason: { enum: ['nothing_waiting'] } },
            },
          ],
        },
      },
      404: { description: '`NOT_FOUND`: no character of one’s own has that id.' },
      409: { description: '`CONFLICT`: the character waits for approval or is retired.' },
    },
    useCase: 'linkByTrustedIdentity',
    handle: async ({ person, params }, link) => {
      const outcome = await link.execute({ person, characterId: params.characterId });
      if (outcome.ok) return ok({ linked: true, ...outcome.value });
      if (outcome.reason === 'nothing_waiting') return ok({ linked: false, reason: outcome.reason });
      if (outcome.reason === 'character_not_active') throw conflict('The character waits for approval or is retired: it takes no link.')();
      throw notFound('character')();
    },
  }),
];
