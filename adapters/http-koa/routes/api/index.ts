import type { RouteSpec } from '../../route-spec.ts';
import { boloRoutes } from './bolos.ts';
import { callRoutes } from './calls.ts';
import { recordRoutes } from './records.ts';
import { unitRoutes } from './units.ts';

/** Section 4.4: external systems acting as the credential itself, gated by scopes only. */
export const apiRoutes: readonly RouteSpec[] = [...unitRoutes, ...callRoutes, ...boloRoutes, ...recordRoutes];
