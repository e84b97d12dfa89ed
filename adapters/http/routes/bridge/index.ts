import type { RouteSpec } from '../../route-spec.ts';
import { boloRoutes } from './bolos.ts';
import { callRoutes } from './calls.ts';
import { citationAndArrestRoutes } from './citations-and-arrests.ts';
import { civilianAndVehicleRoutes } from './civilians-and-vehicles.ts';
import { handoffPresenceReleaseRoutes } from './handoff-presence-release.ts';
import { identityAndDutyRoutes } from './identity-and-duty.ts';
import { lookupRoutes } from './lookups.ts';
import { positionAndWaypointRoutes } from './position-and-waypoint.ts';

/** Section 4.3: the game bridge, every route under `/api/v1/integrations/game`. */
export const bridgeRoutes: readonly RouteSpec[] = [
  ...identityAndDutyRoutes,
  ...lookupRoutes,
  ...boloRoutes,
  ...citationAndArrestRoutes,
  ...civilianAndVehicleRoutes,
  ...callRoutes,
  ...positionAndWaypointRoutes,
  ...handoffPresenceReleaseRoutes,
];
