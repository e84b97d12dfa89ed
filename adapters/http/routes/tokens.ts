import { Type } from '@sinclair/typebox';
import type { CredentialKind } from '../../../domain/credential/credential.ts';
import { HttpError } from '../error-catalogue.ts';
import { type RouteSpec, ok, route } from '../route-spec.ts';
import { text } from '../schemas.ts';

/**
 * Trading a secret for a session: the two credential token exchanges and the MDT hand-off
 * exchange. All are public, limited per caller address, and answer every failure with one 401.
 */

/** Both credential exchange paths spend one budget per caller address. */
export const TOKEN_EXCHANGE_LIMIT = { bucket: 'token-exchange', perMinute: 10, per: 'address' } as const;

const tag = 'tokens';
const unauthorized = { 401: { description: 'Any failure, always the same answer.' } };

const issued = {
  type: 'object',
  required: ['accessToken', 'tokenType', 'expiresIn'],
  properties: { accessToken: { type: 'string' }, tokenType: { const: 'Bearer' }, expiresIn: { type: 'integer' } },
};

function exchange(operationId: string, path: string, kind: CredentialKind): RouteSpec {
  return route({
    operationId,
    method: 'POST',
    path,
    summary: `Exchanges ${kind === 'game' ? 'a game' : 'an API'} credential's client id and secret for a 12-minute access token.`,
    tag,
    guard: { kind: 'public' },
    rateLimit: TOKEN_EXCHANGE_LIMIT,
    body: Type.Object({ clientId: text(64), clientSecret: text(256) }),
    responses: { 200: { description: 'A bearer token.', schema: issued }, ...unauthorized },
    useCase: 'exchangeToken',
    handle: async ({ body: { clientId, clientSecret } }, exchangeToken) => {
      const outcome = await exchangeToken.execute({ clientId, clientSecret, kind });
      if (!outcome.ok) throw new HttpError('UNAUTHORIZED');
      return ok({ accessToken: outcome.value.accessToken, tokenType: 'Bearer', expiresIn: outcome.value.expiresIn });
    },
  });
}

export const tokenRoutes: readonly RouteSpec[] = [
  exchange('exchangeGameToken', '/api/v1/integrations/game/token', 'game'),
  exchange('exchangeApiToken', '/api/v1/integrations/token', 'generic_api_key'),
  route({
    operationId: 'exchangeMdtHandoff',
    method: 'POST',
    path: '/api/v1/auth/mdt-handoff/exchange',
    summary: 'Turns an MDT hand-off token into an MDT session, once; a used, expired or unknown token is a 401.',
    tag,
    guard: { kind: 'public' },
    rateLimit: { bucket: 'mdt-handoff-exchange', perMinute: 10, per: 'address' },
    body: Type.Object({ token: text(256) }),
    responses: {
      200: {
        description: '`sessionToken`, `expiresAt`, `tier`, `characterPublicId`.',
        schema: {
          type: 'object',
          required: ['sessionToken', 'expiresAt', 'tier', 'characterPublicId'],
          properties: {
            sessionToken: { type: 'string' },
            expiresAt: { type: 'string', format: 'date-time' },
            tier: { enum: ['full', 'basic'] },
            characterPublicId: { type: 'string' },
          },
        },
      },
      ...unauthorized,
    },
    useCase: 'redeemMdtHandoff',
    handle: async ({ body }, redeemMdtHandoff) => {
      const outcome = await redeemMdtHandoff.execute(body.token);
      if (!outcome.ok) throw new HttpError('UNAUTHORIZED');
      const { sessionToken, expiresAt, tier, characterPublicId } = outcome.value;
      return ok({ sessionToken, expiresAt: expiresAt.toISOString(), tier, characterPublicId });
    },
  }),
];
