import { Type } from '@sinclair/typebox';
import type { CredentialKind } from '../../../domain/credential/credential.ts';
import { HttpError } from '../error-catalogue.ts';
import type { MdtExchangeAnswer } from '../../../application/auth/redeem-mdt-handoff.ts';
import type { Outcome } from '../../../domain/shared/outcome.ts';
import { type Reply, type RouteSpec, ok, route } from '../route-spec.ts';
import { text } from '../schemas.ts';

/**
 * Trading a secret for a session: the two credential token exchanges, the MDT hand-off exchange
 * and the confirmed page's collection. All are public, limited per caller address, and answer
 * every failure with one 401.
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

const mdtSessionAnswers = {
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
};

/** The waiting page's answer; the first one carries the code to show and the pairing token to keep. */
function awaiting(first: boolean) {
  const fields = first ? ['confirmationCode', 'pairingToken', 'expiresAt'] : ['expiresAt'];
  return {
    type: 'object',
    required: fields,
    additionalProperties: false,
    properties: {
      expiresAt: { type: 'string', format: 'date-time' },
      ...(first && { confirmationCode: { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{6}$' }, pairingToken: { type: 'string' } }),
    },
  };
}

function mdtAnswer(outcome: Outcome<MdtExchangeAnswer, 'invalid_handoff'>): Reply {
  if (!outcome.ok) throw new HttpError('UNAUTHORIZED');
  const answer = outcome.value;
  if (answer.kind === 'awaiting_confirmation') {
    const { confirmationCode, pairingToken, until } = answer;
    return { status: 202, body: { ...(confirmationCode && { confirmationCode, pairingToken }), expiresAt: until.toISOString() } };
  }
  const { sessionToken, expiresAt, tier, characterPublicId } = answer.session;
  return ok({ sessionToken, expiresAt: expiresAt.toISOString(), tier, characterPublicId });
}

export const tokenRoutes: readonly RouteSpec[] = [
  exchange('exchangeGameToken', '/api/v1/integrations/game/token', 'game'),
  exchange('exchangeApiToken', '/api/v1/integrations/token', 'generic_api_key'),
  route({
    operationId: 'exchangeMdtHandoff',
    method: 'POST',
    path: '/api/v1/auth/mdt-handoff/exchange',
    summary:
      'Turns an MDT hand-off token into an MDT session, once; a hand-off to be confirmed in the game gives a pairing token and a code instead (202). A used, expired or unknown token is a 401.',
    tag,
    guard: { kind: 'public' },
    // Players behind one address (a LAN, a carrier's NAT) open their MDTs through it: the tokens are
    // single-use and unguessable, so the budget is a flood guard, not a guessing guard.
    rateLimit: { bucket: 'mdt-handoff-exchange', perMinute: 60, per: 'address' },
    body: Type.Object({ token: text(256) }),
    responses: {
      ...mdtSessionAnswers,
      202: {
        description: 'Type the code in the game, then ask `/auth/mdt-handoff/session` with the pairing token.',
        schema: awaiting(true),
      },
      ...unauthorized,
    },
    useCase: 'redeemMdtHandoff',
    handle: async ({ body }, redeemMdtHandoff) => mdtAnswer(await redeemMdtHandoff.execute(body.token)),
  }),
  route({
    operationId: 'startMdtPairing',
    method: 'POST',
    path: '/api/v1/auth/mdt-pairing',
    summary:
      'An extension of the contract (decision 0108): an MDT page with no session starts a pairing. It shows the code, the player types it in the game (`/mdt-handoff/confirm`), and the page asks `/auth/mdt-handoff/session` with the pairing token. No secret is ever in an address.',
    tag,
    guard: { kind: 'public' },
    // As the exchange: players behind one address open their MDTs through it.
    rateLimit: { bucket: 'mdt-pairing', perMinute: 60, per: 'address' },
    responses: {
      201: { description: 'Show the code; keep the pairing token; ask again before `expiresAt`.', schema: awaiting(true) },
    },
    useCase: 'startMdtPairing',
    handle: async (_request, startMdtPairing) => {
      const { confirmationCode, pairingToken, until } = await startMdtPairing.execute();
      return { status: 201, body: { confirmationCode, pairingToken, expiresAt: until.toISOString() } };
    },
  }),
  route({
    operationId: 'collectMdtSession',
    method: 'POST',
    path: '/api/v1/auth/mdt-handoff/session',
    summary:
      'The page that opened a hand-off, or started a pairing, asks with its pairing token: the MDT session once the player typed its code in the game (once), else 202 until the wait lapses; then, or for an unknown or spent pairing, a 401.',
    tag,
    guard: { kind: 'public' },
    rateLimit: { bucket: 'mdt-session-collect', perMinute: 60, per: 'address' },
    body: Type.Object({ pairingToken: text(256) }),
    responses: {
      ...mdtSessionAnswers,
      202: { description: 'Not confirmed in the game yet: ask again before `expiresAt`.', schema: awaiting(false) },
      ...unauthorized,
    },
    useCase: 'collectMdtSession',
    handle: async ({ body }, collectMdtSession) => mdtAnswer(await collectMdtSession.execute(body.pairingToken)),
  }),
];
