import type { MyAccount } from '../../../../application/people/read-my-account.ts';
import { accountRoute } from './account-route.ts';
import { signedInReply } from './auth.ts';
import { ROLE_NAMES } from '../../../../domain/people/role.ts';
import { Type } from '@sinclair/typebox';
import { HttpError, invalidField } from '../../error-catalogue.ts';
import { type RouteSpec, ok } from '../../route-spec.ts';
import { text } from '../../schemas.ts';

const accountSchema = {
  type: 'object',
  required: ['personId', 'displayName', 'username', 'authenticator', 'organisations', 'sessions'],
  additionalProperties: false,
  properties: {
    personId: { type: 'string', format: 'uuid' },
    displayName: { type: 'string' },
    username: { type: ['string', 'null'] },
    authenticator: { type: 'boolean', description: 'Whether sign-in asks for an authenticator’s code after the password.' },
    organisations: {
      type: 'array',
      items: {
        type: 'object',
        required: ['organisationId', 'name', 'role'],
        additionalProperties: false,
        properties: { organisationId: { type: 'string', format: 'uuid' }, name: { type: 'string' }, role: { enum: [...ROLE_NAMES] } },
      },
    },
    sessions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['current', 'createdAt', 'lastSeenAt', 'userAgent'],
        additionalProperties: false,
        properties: {
          current: { type: 'boolean' },
          createdAt: { type: 'string', format: 'date-time' },
          lastSeenAt: { type: 'string', format: 'date-time' },
          userAgent: { type: 'string' },
        },
      },
    },
  },
};

const accountView = (a: MyAccount) => ({
  ...a,
  sessions: a.sessions.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString() })),
});

/** The signed-in person's own account. */
export const accountRoutes: readonly RouteSpec[] = [
  accountRoute('read', {
    operationId: 'readMyAccount',
    method: 'GET',
    path: '/api/v1/account',
    summary: 'The signed-in person: display name, username, organisations with roles, and open sessions (this one marked `current`).',
    responses: { 200: { description: 'The account.', schema: accountSchema } },
    useCase: 'readMyAccount',
    handle: async ({ person }, readMyAccount) => {
      const outcome = await readMyAccount.execute({ person });
      return ok(outcome.ok ? accountView(outcome.value) : null);
    },
  }),
  accountRoute('write', {
    operationId: 'startAuthenticator',
    method: 'POST',
    path: '/api/v1/account/authenticator',
    summary:
      'A new authenticator key for the signed-in person, shown once (as text and as an `otpauth://` address); it counts once a code from it is confirmed.',
    responses: {
      201: {
        description: '`secret` (base32) and `address` (`otpauth://totp/...`), shown this once.',
        schema: {
          type: 'object',
          required: ['secret', 'address'],
          additionalProperties: false,
          properties: { secret: { type: 'string' }, address: { type: 'string' } },
        },
      },
      409: { description: '`CONFLICT`: an authenticator is on already.' },
    },
    useCase: 'startAuthenticator',
    handle: async ({ person }, startAuthenticator) => {
      const outcome = await startAuthenticator.execute({ person });
      if (!outcome.ok) throw new HttpError('CONFLICT', 'An authenticator is on already.');
      return { status: 201, body: outcome.value };
    },
  }),
  accountRoute('write', {
    operationId: 'turnOnAuthenticator',
    method: 'POST',
    path: '/api/v1/account/authenticator/confirm',
    summary: 'A code from the new authenticator turns it on; the answer holds ten recovery codes, shown this once.',
    body: Type.Object({ code: text(16) }),
    responses: {
      200: {
        description: '`recoveryCodes`: ten codes, each standing in once for the authenticator.',
        schema: {
          type: 'object',
          required: ['recoveryCodes'],
          additionalProperties: false,
          properties: { recoveryCodes: { type: 'array', items: { type: 'string' } } },
        },
      },
      409: { description: '`CONFLICT`: no authenticator was started, or it is on already.' },
    },
    useCase: 'turnOnAuthenticator',
    handle: async ({ person, body }, turnOn) => {
      const outcome = await turnOn.execute({ person, code: body.code });
      if (outcome.ok) return ok(outcome.value);
      if (outcome.reason === 'invalid_code') throw invalidField('code', 'is not the authenticator’s current code');
      throw new HttpError(
        'CONFLICT',
        outcome.reason === 'already_on' ? 'An authenticator is on already.' : 'Start an authenticator first.',
      );
    },
  }),
  accountRoute('write', {
    operationId: 'turnOffAuthenticator',
    method: 'POST',
    path: '/api/v1/account/authenticator/off',
    summary:
      'With a code of the authenticator, or a recovery code, turns two-step sign-in off; the key and every recovery code are removed.',
    body: Type.Object({ code: text(32) }),
    responses: {
      200: {
        description: '`authenticator: false`.',
        schema: {
          type: 'object',
          required: ['authenticator'],
          additionalProperties: false,
          properties: { authenticator: { const: false } },
        },
      },
      409: { description: '`CONFLICT`: no authenticator is on.' },
    },
    useCase: 'turnOffAuthenticator',
    handle: async ({ person, body }, turnOff) => {
      const outcome = await turnOff.execute({ person, code: body.code });
      if (outcome.ok) return ok({ authenticator: false });
      if (outcome.reason === 'invalid_code')
        throw invalidField('code', 'is neither the authenticator’s current code nor an unused recovery code');
      throw new HttpError('CONFLICT', 'No authenticator is on.');
    },
  }),
  accountRoute('write', {
    operationId: 'acceptInvitation',
    method: 'POST',
    path: '/api/v1/account/invitations',
    summary:
      'The signed-in person takes an invitation to one more organisation: a member there in its role from the next request, the invitation spent.',
    body: Type.Object({ invitation: text(256) }),
    responses: {
      201: {
        description:
          'The organisation joined: `organisationId`, `name`, `role`. New rights, new session: every session of the person ends and `Set-Cookie` carries this browser’s new one.',
        schema: {
          type: 'object',
          required: ['organisationId', 'name', 'role'],
          additionalProperties: false,
          properties: { organisationId: { type: 'string', format: 'uuid' }, name: { type: 'string' }, role: { enum: [...ROLE_NAMES] } },
        },
      },
      404: { description: '`NOT_FOUND`: the invitation was used, has expired or does not exist.' },
      409: { description: '`CONFLICT`: the person is a member of that organisation already (the invitation stays unspent).' },
    },
    useCase: 'acceptInvitation',
    handle: async ({ person, body, userAgent }, acceptInvitation) => {
      const outcome = await acceptInvitation.execute({ person, invitationToken: body.invitation, userAgent });
      if (outcome.ok) return { ...signedInReply(outcome.value.signedIn, 201), body: outcome.value.joined };
      if (outcome.reason === 'already_member') throw new HttpError('CONFLICT', 'You are a member of that organisation already.');
      throw new HttpError('NOT_FOUND', 'This invitation was used, has expired or does not exist.');
    },
  }),
];
