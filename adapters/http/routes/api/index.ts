import type { RouteSpec } from '../../route-spec.ts';
import { boloRoutes } from './bolos.ts';
import { recordRoutes } from './records.ts';
import { statusRecords } from './status-records.ts';

/** Section 4.4: external systems acting as the credential itself, gated by scopes only. */
export const apiRoutes: readonly RouteSpec[] = [...statusRecords, ...boloRoutes, ...recordRoutes];
