import { Type } from '@sinclair/typebox';
import type { SignInRefusal, SignedIn } from '../../../../application/people/sign-in-with-password.ts';
import type { SignUpRefusal } from '../../../../application/people/sign-up.ts';
import { JOIN_RULES } from '../../../../domain/people/join-rule.ts';
import type { OrganisationId } from '../../../../domain/shared/ids.ts';
import type { Outcome } from '../../../../domain/shared/outcome.ts';
import { ROLE_NAMES } from '../../../../domain/people/role.ts';
import { HttpError, invalidField } from '../../error-catalogue.ts';
import { type Reply, type RouteSpec, ok, route } from '../../route-spec.ts';
import { id, idParams, label, text } from '../../schemas.ts';
import { CROSS_SITE } from '../../stages/guard.ts';

/**
 * People signing in, signing up with an invitation, reading an invitation, and signing out. The
 * answers that start a session set its cookie; their requests must come from this service's own
 * pages (`Origin`), so another site cannot sign a browser into an account of its choosing.
 */
const tag = 'people';

export const signedIn = {
  type: 'object',
  required: ['personId', 'displayName'],
  additionalProperties: false,
  properties: { personId: { type: 'string', format: 'uuid' }, displayName: { type: 'string' } },
};

/** Seconds a new session's cookie is kept: the session's absolute lifetime (the record decides earlier ends). */
const cookieAge = (expiresAt: Date) => Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000));

const PASSWORD_RULE = 'must be 8 to 128 characters and not one that people commonly use';

function signUpRefusal(reason: SignUpRefusal): HttpError {
  switch (reason) {
    case 'invalid_username':
      return invalidField('username', 'must be 3 to 32 of a-z, 0-9, `.`, `_` and `-`');
    case 'invalid_display_name':
      return invalidField('displayName', 'must be 1 to 100 characters');
    case 'password_too_short':
    case 'password_too_long':
      return invalidField('password', PASSWORD_RULE);
    case 'password_too_common':
      return invalidField('password', 'is one that people commonly use, or is close to your name; choose another');
    case 'username_taken':
      return new HttpError('CONFLICT', 'That username is taken.');
    case 'invalid_invitation':
      return new HttpError('NOT_FOUND', 'This invitation was used, has expired or does not exist.');
    case 'joining_closed':
      return new HttpError('FORBIDDEN', JOINING_CLOSED);
  }
}

export const JOINING_CLOSED = 'This organisation admits only people it invites.';

function signInRefusal(reason: SignInRefusal, retryAfterSeconds?: number): HttpError {
  switch (reason) {
    case 'invalid_credentials':
      return new HttpError('UNAUTHORIZED', 'The username or the password is wrong.');
    case 'account_pending':
      return new HttpError('FORBIDDEN', 'Your account waits for an organisation’s approval.');
    case 'account_disabled':
      return new HttpError('FORBIDDEN', 'Your account is disabled.');
    case 'too_many_attempts':
      return new HttpError('RATE_LIMITED', 'Too many sign-in attempts for this account; wait and try again.', undefined, retryAfterSeconds);
  }
}

const secondStepSchema = {
  type: 'object',
  required: ['secondStep', 'challenge'],
  additionalProperties: false,
  properties: { secondStep: { const: 'authenticator' }, challenge: { type: 'string' } },
};

/** A new session: who, and the cookie that carries it. */
export function signedInReply(value: SignedIn, status: number): Reply {
  const { sessionId, personId, displayName, expiresAt } = value;
  return { status, body: { personId, displayName }, cookie: { set: sessionId, maxAgeSeconds: cookieAge(expiresAt) } };
}

export const fromOwnPages = (origin: boolean) => {
  if (!origin) throw new HttpError('FORBIDDEN', CROSS_SITE);
};

export const authRoutes: readonly RouteSpec[] = [
  route({
    operationId: 'signIn',
    method: 'POST',
    path: '/api/v1/auth/sign-in',
    summary:
      'Signs a person in with their username and password; sets the session cookie. An unknown name and a wrong password are one answer, in one time.',
    tag,
    guard: { kind: 'public' },
    rateLimit: { bucket: 'sign-in', perMinute: 30, per: 'address' },
    body: Type.Object({ username: text(64), password: text(1024) }),
    responses: {
      200: {
        description:
          'Signed in (`personId`, `displayName`), `Set-Cookie` carrying the session; or, for a person with an authenticator, `secondStep: "authenticator"` and the `challenge` to send with its code to `/auth/sign-in/second-step`.',
        schema: { oneOf: [signedIn, secondStepSchema] },
      },
      401: { description: '`UNAUTHORIZED`: the username or the password is wrong (the same answer for both).' },
      403: {
        description:
          '`FORBIDDEN`: the account waits for approval or is disabled (said only to the right password); or the request did not come from this service’s pages.',
      },
      429: {
        description: '`RATE_LIMITED`: too many attempts for this account (10 in 15 minutes) or from this address; `Retry-After` says when.',
      },
    },
    useCase: 'signInWithPassword',
    handle: async ({ body, userAgent, fromOwnPage }, signIn) => {
      fromOwnPages(fromOwnPage);
      const outcome = await signIn.execute({ username: body.username, password: body.password, userAgent });
      if (!outcome.ok) throw signInRefusal(outcome.reason, outcome.retryAfterSeconds);
      if ('challenge' in outcome.value) return ok({ secondStep: outcome.value.secondStep, challenge: outcome.value.challenge });
      return signedInReply(outcome.value, 200);
    },
  }),
  route({
    operationId: 'signInSecondStep',
    method: 'POST',
    path: '/api/v1/auth/sign-in/second-step',
    summary:
      'The second step of a sign-in: the challenge the password gave, with a code of the person’s authenticator or one of their recovery codes (each once); sets the session cookie.',
    tag,
    guard: { kind: 'public' },
    rateLimit: { bucket: 'sign-in', perMinute: 30, per: 'address' },
    body: Type.Object({ challenge: text(1024), code: text(32) }),
    responses: {
      200: { description: 'Signed in; `Set-Cookie` carries the session.', schema: signedIn },
      401: { description: '`UNAUTHORIZED`: the code is wrong or used, or the challenge altered or older than five minutes (one answer).' },
      403: { description: '`FORBIDDEN`: the account is disabled; or the request did not come from this service’s pages.' },
      429: {
        description:
          '`RATE_LIMITED`: five wrong codes for this person in 15 minutes, or too many from this address; `Retry-After` says when.',
      },
    },
    useCase: 'signInSecondStep',
    handle: async ({ body, userAgent, fromOwnPage }, secondStep) => {
      fromOwnPages(fromOwnPage);
      const outcome = await secondStep.execute({ challenge: body.challenge, code: body.code, userAgent });
      if (outcome.ok) return signedInReply(outcome.value, 200);
      if (outcome.reason === 'too_many_attempts')
        throw new HttpError(
          'RATE_LIMITED',
          'Too many codes tried for this account; wait and try again.',
          undefined,
          outcome.retryAfterSeconds,
        );
      if (outcome.reason === 'account_disabled') throw new HttpError('FORBIDDEN', 'Your account is disabled.');
      throw new HttpError('UNAUTHORIZED', 'The code is wrong or was used already; sign in again if this takes long.');
    },
  }),
  route({
    operationId: 'signUp',
    method: 'POST',
    path: '/api/v1/auth/sign-up',
    summary:
      'Creates an account (display name, username, password) and enters an organisation: with an `invitation`, a member in its role, signed in; or with an `organisationId` by its join rule: at once (open) or waiting for approval (a whitelist).',
    tag,
    guard: { kind: 'public' },
    rateLimit: { bucket: 'sign-up', perMinute: 10, per: 'address' },
    body: Type.Object({
      invitation: Type.Optional(text(256)),
      organisationId: Type.Optional(id<OrganisationId>()),
      displayName: label(200),
      username: text(64),
      password: text(1024),
    }),
    responses: {
      201: { description: 'Created and signed in; `Set-Cookie` carries the session.', schema: signedIn },
      202: {
        description:
          'Created, waiting for the organisation’s approval (`pending: true`): listed on its People screen; no session until an admin approves.',
        schema: {
          type: 'object',
          required: ['pending', 'personId', 'displayName'],
          additionalProperties: false,
          properties: { pending: { const: true }, personId: { type: 'string', format: 'uuid' }, displayName: { type: 'string' } },
        },
      },
      400: { description: '`VALIDATION_FAILED`: a field is malformed, or neither or both of `invitation` and `organisationId` are given.' },
      403: {
        description:
          '`FORBIDDEN`: the organisation admits only people it invites (an unknown one answers the same); or the request did not come from this service’s pages.',
      },
      404: { description: '`NOT_FOUND`: the invitation was used, has expired or does not exist.' },
      409: { description: '`CONFLICT`: the username is taken.' },
    },
    useCase: 'signUp',
    handle: async ({ body, userAgent, fromOwnPage }, signUp) => {
      fromOwnPages(fromOwnPage);
      const { invitation, organisationId, displayName, username, password } = body;
      if ((invitation === undefined) === (organisationId === undefined))
        throw invalidField('invitation', 'give an invitation or an organisationId, one of the two');
      const way = invitation !== undefined ? { invitationToken: invitation } : { organisationId: organisationId as OrganisationId };
      const outcome = await signUp.execute({ way, displayName, username, password, userAgent });
      if (!outcome.ok) throw signUpRefusal(outcome.reason);
      if ('pending' in outcome.value) {
        const { personId } = outcome.value;
        return { status: 202, body: { pending: true, personId, displayName: outcome.value.displayName } };
      }
      return signedInReply(outcome.value, 201);
    },
  }),
  route({
    operationId: 'readJoinRule',
    method: 'GET',
    path: '/api/v1/auth/organisations/:organisationId/joining',
    summary:
      'How people join an organisation that takes people without an invitation: its name and join rule (`open` or `approval`), for the page its join address opens.',
    tag,
    guard: { kind: 'public' },
    rateLimit: { bucket: 'invitation-read', perMinute: 30, per: 'address' },
    params: idParams('organisationId'),
    responses: {
      200: {
        description: '`name` and `joinRule`.',
        schema: {
          type: 'object',
          required: ['name', 'joinRule'],
          additionalProperties: false,
          properties: { name: { type: 'string' }, joinRule: { enum: JOIN_RULES.filter((r) => r !== 'invitation') } },
        },
      },
      404: { description: '`NOT_FOUND`: no such organisation, or it admits only people it invites (one answer).' },
    },
    useCase: 'readJoinRule',
    handle: async ({ params }, readJoinRule) => {
      const outcome = await readJoinRule.execute(params.organisationId);
      if (!outcome.ok) throw new HttpError('NOT_FOUND', 'No organisation takes people that way here.');
      return ok(outcome.value);
    },
  }),
  route({
    operationId: 'readSession',
    method: 'GET',
    path: '/api/v1/auth/session',
    summary:
      'Whether this browser’s cookie holds a live session of an active person, and whose: a page asks before anything else, with no 401 when nobody is signed in.',
    tag,
    guard: { kind: 'public' },
    rateLimit: { bucket: 'session-read', perMinute: 120, per: 'address' },
    responses: {
      200: {
        description: '`signedIn: false`, or `signedIn: true` with `personId` and `displayName`.',
        schema: {
          type: 'object',
          required: ['signedIn'],
          additionalProperties: false,
          properties: { signedIn: { type: 'boolean' }, personId: { type: 'string', format: 'uuid' }, displayName: { type: 'string' } },
        },
      },
    },
    useCase: 'authenticatePerson',
    handle: async ({ sessionId }, authenticatePerson) => {
      const person = sessionId === null ? null : await authenticatePerson.execute(sessionId);
      return ok(person === null ? { signedIn: false } : { signedIn: true, personId: person.personId, displayName: person.displayName });
    },
  }),
  route({
    operationId: 'readInvitation',
    method: 'POST',
    path: '/api/v1/auth/invitation',
    summary: 'What an invitation offers (the organisation and the role), for the page that accepts it; the token stays out of URLs.',
    tag,
    guard: { kind: 'public' },
    rateLimit: { bucket: 'invitation-read', perMinute: 30, per: 'address' },
    body: Type.Object({ invitation: text(256) }),
    responses: {
      200: {
        description: '`organisationName`, `role`, `expiresAt`.',
        schema: {
          type: 'object',
          required: ['organisationName', 'role', 'expiresAt'],
          additionalProperties: false,
          properties: {
            organisationName: { type: 'string' },
            role: { enum: [...ROLE_NAMES] },
            expiresAt: { type: 'string', format: 'date-time' },
          },
        },
      },
      404: { description: '`NOT_FOUND`: the invitation was used, has expired or does not exist.' },
    },
    useCase: 'readInvitation',
    handle: async ({ body }, readInvitation) => answered(await readInvitation.execute(body.invitation)),
  }),
  signOutRoute('signOut', '/api/v1/auth/sign-out', 'Ends this browser’s session and clears its cookie.', false),
  signOutRoute(
    'signOutEverywhere',
    '/api/v1/auth/sign-out-everywhere',
    'Ends every session of the person, on every browser and instance, and clears this one’s cookie.',
    true,
  ),
];

function answered(outcome: Outcome<{ organisationName: string; role: string; expiresAt: Date }, 'invalid_invitation'>): Reply {
  if (!outcome.ok) throw new HttpError('NOT_FOUND', 'This invitation was used, has expired or does not exist.');
  const { organisationName, role, expiresAt } = outcome.value;
  return ok({ organisationName, role, expiresAt: expiresAt.toISOString() });
}

/** Signing out: ending a session that has ended changes nothing, so these take no idempotency key. */
function signOutRoute(operationId: string, path: string, summary: string, everywhere: boolean): RouteSpec {
  return route({
    operationId,
    method: 'POST',
    path,
    summary,
    tag,
    guard: { kind: 'person' },
    rateLimit: { bucket: 'sign-out', perMinute: 30, per: 'address' },
    responses: {
      200: {
        description: '`ended`: how many sessions ended.',
        schema: { type: 'object', required: ['ended'], additionalProperties: false, properties: { ended: { type: 'integer' } } },
      },
    },
    useCase: 'signOut',
    handle: async ({ person }, signOut) => {
      const outcome = await signOut.execute({ person, everywhere });
      return { ...ok({ ended: outcome.ok ? outcome.value.ended : 0 }), cookie: { clear: true } };
    },
  });
}
