import type { RouteSpec } from '../route-spec.ts';
import { adminCredentialRoutes } from './admin-credential-routes.ts';
import { adminDispatchRoutes } from './admin-dispatch-routes.ts';
import { adminOrganisationRoutes } from './admin-organisation-routes.ts';
import { adminRecordsRoutes } from './admin-records-routes.ts';
import { adminRosterRoutes } from './admin-roster-routes.ts';
import { apiRoutes } from './api-routes.ts';
import { bridgeRoutes } from './bridge/index.ts';
import { tokenRoutes } from './tokens.ts';

/** The route table: every HTTP route of the service, once. */
export const ROUTES: readonly RouteSpec[] = [
  ...tokenRoutes,
  ...bridgeRoutes,
  ...apiRoutes,
  ...adminOrganisationRoutes,
  ...adminRosterRoutes,
  ...adminCredentialRoutes,
  ...adminRecordsRoutes,
  ...adminDispatchRoutes,
];
