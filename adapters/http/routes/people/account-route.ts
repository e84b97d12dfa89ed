import type { TSchema } from '@sinclair/typebox';
import { type RouteRow, type RouteSpec, type UseCaseName, type Validated, route } from '../../route-spec.ts';

const BUDGETS = {
  read: { bucket: 'account-read', perMinute: 120, per: 'session' },
  write: { bucket: 'account-write', perMinute: 30, per: 'session' },
} as const;

/**
 * A route of the signed-in person's own account (`/api/v1/account/...`): the session cookie alone
 * admits it (writes only from the service's own pages), under the people tag, with a budget per
 * session: 120 reads or 30 writes a minute.
 */
export function accountRoute<
  Key extends UseCaseName,
  Body extends TSchema | undefined = undefined,
  Query extends TSchema | undefined = undefined,
  Params extends TSchema | undefined = undefined,
>(
  use: keyof typeof BUDGETS,
  row: Omit<RouteRow<Key, Body, Query, Params>, 'tag' | 'guard' | 'rateLimit'>,
): RouteSpec<Key, Validated<Body>, Validated<Query>, Validated<Params>> {
  return route<Key, Body, Query, Params>({ ...row, tag: 'people', guard: { kind: 'person' }, rateLimit: BUDGETS[use] });
}
