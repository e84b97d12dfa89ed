import { type RouteSpec, ok, route } from '../../route-spec.ts';
import { MDT_PATH, onMdt } from './mdt-route.ts';

/**
 * An extension of the contract (decision 0108): the officer ends their own MDT session. From the
 * next request on it is the same 401 as an expired session, on every instance, and its open live
 * channel closes at once. Any session may sign out, read-only or not; a session that has ended is a 401.
 */
export const mdtSignOutRoute: RouteSpec = route({
  operationId: 'mdtSignOut',
  method: 'POST',
  path: `${MDT_PATH}/sign-out`,
  summary:
    'An extension of the contract: ends this MDT session before its expiry, on every instance, and closes its live channel. The session is a 401 from then on.',
  ...onMdt('basic', 'sign-out', 10),
  responses: {
    200: {
      description: '`signedOut: true`.',
      schema: { type: 'object', required: ['signedOut'], additionalProperties: false, properties: { signedOut: { const: true } } },
    },
  },
  useCase: 'signOutMdt',
  handle: async ({ mdt }, signOutMdt) => {
    await signOutMdt.execute(mdt);
    return ok({ signedOut: true });
  },
});
