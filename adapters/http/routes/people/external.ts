import { accountRoute } from './account-route.ts';
import { Type } from '@sinclair/typebox';
import type { FinishRefusal } from '../../../../application/people/external-sign-in.ts';
import type { FlowPurpose } from '../../../../application/people/external-sign-in-flow.ts';
import type { OrganisationId } from '../../../../domain/shared/ids.ts';
import { HttpError, invalidField } from '../../error-catalogue.ts';
import { type Reply, type RouteSpec, found, ok, route } from '../../route-spec.ts';
import { id, text } from '../../schemas.ts';

/**
 * Signing in at an OpenID Connect or OAuth 2 provider the operator configured (decision 0098): a
 * page's link starts it (a 302 to the provider, the sealed flow in a cookie for the callback's path
 * only), and the provider sends the browser back to the callback, which checks the flow, `state`,
 * PKCE and `nonce` before anything is written, and sends the browser on to a page of this service.
 * Every failure there ends on `/account/` with a short code the page words; no detail leaks.
 */
const tag = 'people';

const providerParams = Type.Object({ provider: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,31}$' }) });

/** The pages a sign-in may come back to: this service's own screens, never another site. */
const RETURN_TO = '^/(account|admin|dispatch)/[A-Za-z0-9/_-]{0,200}$';

const callbackPath = (provider: string) => `/api/v1/auth/external/${provider}/callback`;

/** Where a failed or unfinished sign-in sends the browser: the account page, with a code it words. */
export const accountWith = (code: string) => `/account/?signin=${code}`;

/** The code the account page words for each way a callback can end without a session. */
const REFUSAL_CODES: Readonly<Record<FinishRefusal, string>> = {
  unknown_provider: 'failed',
  failed: 'failed',
  provider_unavailable: 'unavailable',
  denied: 'denied',
  account_pending: 'pending',
  account_disabled: 'disabled',
  no_account: 'no-account',
  invalid_invitation: 'invitation',
  joining_closed: 'closed',
  identity_taken: 'taken',
};

const providersSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'name'],
    additionalProperties: false,
    properties: { id: { type: 'string' }, name: { type: 'string' } },
  },
};

const TO_PROVIDER =
  'To the provider’s authorisation page (`Location`), with the sealed flow in an `HttpOnly`, `SameSite=Lax` cookie for the callback’s path, ten minutes; or, when the provider does not answer, to `/account/?signin=unavailable`.';

/** Starts a flow for a purpose: a 302 to the provider with the flow's cookie, or to the account page when the provider is down. */
async function started(
  start: Parameters<RouteSpec<'startExternalSignIn'>['handle']>[1],
  provider: string,
  origin: string,
  purpose: FlowPurpose,
  returnTo: string,
): Promise<Reply> {
  const outcome = await start.execute({ provider, purpose, returnTo, callbackUrl: `${origin}${callbackPath(provider)}` });
  if (!outcome.ok) {
    if (outcome.reason === 'unknown_provider') throw new HttpError('NOT_FOUND', 'No sign-in provider of that name is configured.');
    return found(accountWith(REFUSAL_CODES[outcome.reason]));
  }
  const { url, flow, maxAgeSeconds } = outcome.value;
  return found(url, { flowCookie: { set: flow, path: callbackPath(provider), maxAgeSeconds } });
}

export const externalSignInRoutes: readonly RouteSpec[] = [
  route({
    operationId: 'listExternalProviders',
    method: 'GET',
    path: '/api/v1/auth/external',
    summary: 'The OpenID Connect and OAuth 2 providers people may sign in with here, for the sign-in screens’ buttons.',
    tag,
    guard: { kind: 'public' },
    rateLimit: { bucket: 'session-read', perMinute: 120, per: 'address' },
    responses: {
      200: {
        description: '`providers`: each configured provider’s `id` and `name` (none when the operator set none).',
        schema: { type: 'object', required: ['providers'], additionalProperties: false, properties: { providers: providersSchema } },
      },
    },
    useCase: 'listExternalProviders',
    handle: async (_request, list) => ok({ providers: list.execute() }),
  }),
  route({
    operationId: 'startExternalSignIn',
    method: 'GET',
    path: '/api/v1/auth/external/:provider/start',
    summary:
      'A page’s link: starts a sign-in at the provider (authorisation code with PKCE, `state`, and `nonce` for OpenID Connect). With an `invitation` or an `organisationId`, a person without an account enters that organisation at the callback; `returnTo` is the page to land on.',
    tag,
    guard: { kind: 'public' },
    rateLimit: { bucket: 'external-sign-in', perMinute: 30, per: 'address' },
    params: providerParams,
    query: Type.Object({
      invitation: Type.Optional(text(256)),
      organisationId: Type.Optional(id<OrganisationId>()),
      returnTo: Type.Optional(Type.String({ pattern: RETURN_TO })),
    }),
    responses: {
      302: { description: TO_PROVIDER },
      400: {
        description: '`VALIDATION_FAILED`: `returnTo` is not a page of this service, or both `invitation` and `organisationId` are given.',
      },
      404: { description: '`NOT_FOUND`: no provider of that id is configured.' },
    },
    useCase: 'startExternalSignIn',
    handle: async ({ params, query, ownOrigin: origin }, start) => {
      const { invitation, organisationId, returnTo } = query;
      if (invitation !== undefined && organisationId !== undefined)
        throw invalidField('invitation', 'give an invitation or an organisationId, not both');
      const way = invitation !== undefined ? { invitationToken: invitation } : organisationId !== undefined ? { organisationId } : null;
      return started(start, params.provider, origin, { way }, returnTo ?? '/account/');
    },
  }),
  route({
    operationId: 'connectExternalIdentity',
    method: 'GET',
    path: '/api/v1/account/external/:provider/connect',
    summary:
      'The account page’s link: starts a sign-in at the provider whose identity the callback then binds to the signed-in person’s account (one account per identity).',
    tag,
    guard: { kind: 'person' },
    rateLimit: { bucket: 'external-sign-in', perMinute: 30, per: 'address' },
    params: providerParams,
    responses: {
      302: { description: TO_PROVIDER },
      404: { description: '`NOT_FOUND`: no provider of that id is configured.' },
    },
    useCase: 'startExternalSignIn',
    handle: async ({ params, ownOrigin: origin, person }, start) =>
      started(start, params.provider, origin, { connect: person.personId }, '/account/'),
  }),
  route({
    operationId: 'finishExternalSignIn',
    method: 'GET',
    path: '/api/v1/auth/external/:provider/callback',
    summary:
      'Where the provider sends the browser back. With the flow’s cookie, a matching `state` (and `nonce`) and a code the provider accepts: the account bound to the identity is signed in; a new one is made by the flow’s invitation or the organisation’s join rule; or, connecting, the identity is bound to the account. Anything else writes nothing.',
    tag,
    guard: { kind: 'public' },
    rateLimit: { bucket: 'external-callback', perMinute: 30, per: 'address' },
    params: providerParams,
    query: Type.Object({
      code: Type.Optional(text(4096)),
      state: Type.Optional(text(1024)),
      iss: Type.Optional(text(2048)),
      error: Type.Optional(text(256)),
      error_description: Type.Optional(text(2048, 0)),
    }),
    responses: {
      302: {
        description:
          'Signed in: to the flow’s `returnTo` with `Set-Cookie` carrying the session. Otherwise to `/account/?signin=<code>`: `connected`, `waiting` (a new account awaits the organisation’s approval), `pending`, `disabled`, `no-account` (no account has this identity and no invitation was given: nothing made), `invitation`, `closed`, `taken` (the identity is another account’s), `denied`, `unavailable` or `failed` (a missing or altered flow, a `state` or `nonce` that does not match, a code refused). The flow’s cookie is cleared either way.',
      },
    },
    useCase: 'finishExternalSignIn',
    handle: async ({ params, ownOrigin: origin, target, flowCookie, userAgent }, finish) => {
      const clear = { flowCookie: { clear: true, path: callbackPath(params.provider) } } as const;
      const outcome = await finish.execute({ provider: params.provider, returned: new URL(target, origin), flow: flowCookie, userAgent });
      if (!outcome.ok) return found(accountWith(REFUSAL_CODES[outcome.reason]), clear);
      const done = outcome.value;
      if ('awaiting' in done) return found(accountWith('waiting'), clear);
      if ('connected' in done) return found(accountWith('connected'), clear);
      const { sessionId, expiresAt } = done.signedIn;
      const maxAgeSeconds = Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000));
      return found(done.returnTo, { ...clear, cookie: { set: sessionId, maxAgeSeconds } });
    },
  }),
  accountRoute('read', {
    operationId: 'listMyExternalIdentities',
    method: 'GET',
    path: '/api/v1/account/external',
    summary: 'The providers whose identity is bound to the signed-in person’s account.',
    responses: {
      200: {
        description: '`providers`: the `id` and `name` of each.',
        schema: { type: 'object', required: ['providers'], additionalProperties: false, properties: { providers: providersSchema } },
      },
    },
    useCase: 'listMyExternalIdentities',
    handle: async ({ person }, list) => {
      const outcome = await list.execute({ person });
      return ok({ providers: outcome.ok ? outcome.value : [] });
    },
  }),
];
