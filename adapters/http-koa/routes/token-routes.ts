import type { CredentialKind } from '../../../domain/credential/credential.ts';
import { HttpError } from '../error-catalogue.ts';
import { type RouteSpec, ok, route } from '../route-spec.ts';
import { Type } from '@sinclair/typebox';
import { text } from '../schemas.ts';

/** Both exchange paths spend one budget per caller address. */
export const TOKEN_EXCHANGE_LIMIT = { bucket: 'token-exchange', perMinute: 10, per: 'address' } as const;

const body = Type.Object({ clientId: text(64), clientSecret: text(256) });

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
    summary: `Exchanges a ${kind === 'game' ? 'game' : 'API'} credential's client id and secret for a 12-minute access token.`,
    tag: 'tokens',
    guard: { kind: 'public' },
    rateLimit: TOKEN_EXCHANGE_LIMIT,
    body,
    responses: { 200: { description: 'A bearer token.', schema: issued }, 401: { description: 'Any failure, always the same answer.' } },
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
];
