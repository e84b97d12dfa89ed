import { accountRoute } from './account-route.ts';
import { Type } from '@sinclair/typebox';
import type { PasskeyView } from '../../../../application/people/passkeys.ts';
import { HttpError, invalidField } from '../../error-catalogue.ts';
import { type RouteSpec, ok, route } from '../../route-spec.ts';
import { label, text } from '../../schemas.ts';
import { fromOwnPages, signedIn, signedInReply } from './auth.ts';

/**
 * Passkeys (WebAuthn): a signed-in person adds and removes their own; anyone signs in with one,
 * no username typed. Each ceremony is two requests: the options (with a sealed `ceremony`, good for
 * five minutes and once), then the authenticator's answer with it. The relying party is the page's
 * own origin, so every request must come from the service's own pages.
 */
const tag = 'people';

/** Binary fields of a credential, base64url as browsers' `toJSON()` gives them. */
const base64url = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+$' });

const registration = Type.Object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16384),
    transports: Type.Optional(Type.Array(text(32), { maxItems: 10 })),
  }),
  authenticatorAttachment: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
});

const assertion = Type.Object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(2048),
    userHandle: Type.Optional(Type.String({ maxLength: 128, pattern: '^[A-Za-z0-9_-]*$' })),
  }),
  authenticatorAttachment: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
});

const ceremonySchema = {
  type: 'object',
  required: ['ceremony', 'options'],
  additionalProperties: false,
  properties: {
    ceremony: { type: 'string', description: 'Sealed; send it back with the authenticator’s answer, within five minutes, once.' },
    options: {
      type: 'object',
      description: 'The options for `navigator.credentials` as JSON (binary fields in base64url), as WebAuthn Level 3 defines them.',
    },
  },
};

const passkeySchema = {
  type: 'object',
  required: ['passkeyId', 'name', 'createdAt'],
  additionalProperties: false,
  properties: {
    passkeyId: { type: 'string', description: 'The credential id, base64url.' },
    name: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
  },
};

const passkeyView = (p: PasskeyView) => ({ passkeyId: p.passkeyId, name: p.name, createdAt: p.createdAt.toISOString() });

const NOT_OWN_PAGE = '`FORBIDDEN`: the request did not come from this service’s pages.';

export const passkeyRoutes: readonly RouteSpec[] = [
  accountRoute('read', {
    operationId: 'listMyPasskeys',
    method: 'GET',
    path: '/api/v1/account/passkeys',
    summary: 'The signed-in person’s passkeys, oldest first: each one’s id, name and when it was added.',
    responses: { 200: { description: 'The passkeys.', schema: { type: 'array', items: passkeySchema } } },
    useCase: 'listMyPasskeys',
    handle: async ({ person }, list) => ok((await list.execute({ person })).map(passkeyView)),
  }),
  accountRoute('write', {
    operationId: 'startPasskeyRegistration',
    method: 'POST',
    path: '/api/v1/account/passkeys/options',
    summary:
      'Options to make a passkey for the signed-in person on this host (a discoverable credential, user verification preferred, no attestation), and the sealed ceremony to send back with the answer.',
    responses: { 200: { description: '`ceremony` and `options` (`PublicKeyCredentialCreationOptionsJSON`).', schema: ceremonySchema } },
    useCase: 'startPasskeyRegistration',
    handle: async ({ person, origin }, start) => {
      const outcome = await start.execute({ person, origin });
      if (!outcome.ok) throw new HttpError('FORBIDDEN', 'Passkeys are made on this service’s own pages.');
      return ok(outcome.value);
    },
  }),
  accountRoute('write', {
    operationId: 'registerPasskey',
    method: 'POST',
    path: '/api/v1/account/passkeys',
    summary:
      'The authenticator’s answer to the registration options (`credential`, as `PublicKeyCredential.toJSON()` gives it), with the ceremony and a name: verified, it becomes a passkey of the person.',
    body: Type.Object({ ceremony: text(2048), name: label(64), credential: registration }),
    responses: {
      201: { description: 'The passkey: `passkeyId`, `name`, `createdAt`.', schema: passkeySchema },
      400: {
        description:
          '`VALIDATION_FAILED` naming `ceremony` (altered, spent, older than five minutes or another person’s), `credential` (it does not verify against the ceremony and this host) or `name`.',
      },
      409: { description: '`CONFLICT`: this passkey is registered already.' },
    },
    useCase: 'registerPasskey',
    handle: async ({ person, origin, body }, register) => {
      const outcome = await register.execute({ person, origin, ceremony: body.ceremony, name: body.name, credential: body.credential });
      if (outcome.ok) return { status: 201, body: passkeyView(outcome.value) };
      switch (outcome.reason) {
        case 'invalid_name':
          throw invalidField('name', 'must be 1 to 64 characters');
        case 'invalid_ceremony':
          throw invalidField('ceremony', 'is altered, used already, older than five minutes or not yours; start again');
        case 'invalid_credential':
          throw invalidField('credential', 'does not verify against this ceremony and this host');
        case 'passkey_taken':
          throw new HttpError('CONFLICT', 'This passkey is registered already.');
      }
    },
  }),
  accountRoute('write', {
    operationId: 'removePasskey',
    method: 'POST',
    path: '/api/v1/account/passkeys/remove',
    summary: 'Removes one of the signed-in person’s passkeys: it signs nobody in from then on.',
    body: Type.Object({ passkeyId: base64url(1400) }),
    responses: {
      200: {
        description: '`removed: true`.',
        schema: { type: 'object', required: ['removed'], additionalProperties: false, properties: { removed: { const: true } } },
      },
      404: { description: '`NOT_FOUND`: the person has no passkey of that id.' },
    },
    useCase: 'removePasskey',
    handle: async ({ person, body }, remove) => {
      const outcome = await remove.execute({ person, passkeyId: body.passkeyId });
      if (!outcome.ok) throw new HttpError('NOT_FOUND', 'You have no passkey of that id.');
      return ok({ removed: true });
    },
  }),
  route({
    operationId: 'startPasskeySignIn',
    method: 'POST',
    path: '/api/v1/auth/passkey/options',
    summary:
      'Options to sign in with any passkey of this host (no username: `allowCredentials` is empty), and the sealed ceremony to send back with the answer.',
    tag,
    guard: { kind: 'public' },
    rateLimit: { bucket: 'sign-in', perMinute: 30, per: 'address' },
    responses: {
      200: { description: '`ceremony` and `options` (`PublicKeyCredentialRequestOptionsJSON`).', schema: ceremonySchema },
      403: { description: NOT_OWN_PAGE },
      429: { description: '`RATE_LIMITED`: too many sign-in attempts from this address (the password’s budget); `Retry-After` says when.' },
    },
    useCase: 'startPasskeySignIn',
    handle: async ({ fromOwnPage, origin }, start) => {
      fromOwnPages(fromOwnPage);
      const outcome = await start.execute({ origin });
      if (!outcome.ok) throw new HttpError('FORBIDDEN', 'Passkeys are used on this service’s own pages.');
      return ok(outcome.value);
    },
  }),
  route({
    operationId: 'signInWithPasskey',
    method: 'POST',
    path: '/api/v1/auth/passkey',
    summary:
      'Signs a person in with a passkey: the authenticator’s answer (`credential`, as `PublicKeyCredential.toJSON()` gives it) to the options, with their ceremony; sets the session cookie, as a password does, with no second step.',
    tag,
    guard: { kind: 'public' },
    rateLimit: { bucket: 'sign-in', perMinute: 30, per: 'address' },
    body: Type.Object({ ceremony: text(2048), credential: assertion }),
    responses: {
      200: { description: 'Signed in; `Set-Cookie` carries the session.', schema: signedIn },
      401: {
        description:
          '`UNAUTHORIZED`: the passkey is unknown or removed, its signature or counter does not verify, or the ceremony is altered, spent or older than five minutes (one answer).',
      },
      403: {
        description:
          '`FORBIDDEN`: the account waits for approval or is disabled (said only to a valid passkey); or the request did not come from this service’s pages.',
      },
      429: { description: '`RATE_LIMITED`: too many sign-in attempts from this address (the password’s budget); `Retry-After` says when.' },
    },
    useCase: 'signInWithPasskey',
    handle: async ({ body, userAgent, fromOwnPage, origin }, signIn) => {
      fromOwnPages(fromOwnPage);
      const outcome = await signIn.execute({ origin, ceremony: body.ceremony, credential: body.credential, userAgent });
      if (outcome.ok) return signedInReply(outcome.value, 200);
      if (outcome.reason === 'account_pending') throw new HttpError('FORBIDDEN', 'Your account waits for an organisation’s approval.');
      if (outcome.reason === 'account_disabled') throw new HttpError('FORBIDDEN', 'Your account is disabled.');
      throw new HttpError('UNAUTHORIZED', 'This passkey did not sign you in; try again.');
    },
  }),
];
