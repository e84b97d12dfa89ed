import type { MyAccount } from '../../../../application/people/read-my-account.ts';
import { ROLE_NAMES } from '../../../../domain/people/role.ts';
import { type RouteSpec, ok, route } from '../../route-spec.ts';

const accountSchema = {
  type: 'object',
  required: ['personId', 'displayName', 'username', 'organisations', 'sessions'],
  additionalProperties: false,
  properties: {
    personId: { type: 'string', format: 'uuid' },
    displayName: { type: 'string' },
    username: { type: ['string', 'null'] },
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
  route({
    operationId: 'readMyAccount',
    method: 'GET',
    path: '/api/v1/account',
    summary: 'The signed-in person: display name, username, organisations with roles, and open sessions (this one marked `current`).',
    tag: 'people',
    guard: { kind: 'person' },
    rateLimit: { bucket: 'account-read', perMinute: 120, per: 'session' },
    responses: { 200: { description: 'The account.', schema: accountSchema } },
    useCase: 'readMyAccount',
    handle: async ({ person }, readMyAccount) => {
      const outcome = await readMyAccount.execute({ person });
      return ok(outcome.ok ? accountView(outcome.value) : null);
    },
  }),
];
