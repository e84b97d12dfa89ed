import type { RouteSpec } from '../../route-spec.ts';
import { auditAndPresenceRoutes } from './audit-and-presence.ts';
import { boardLookupRoutes } from './board-lookups.ts';
import { credentialRoutes } from './credentials.ts';
import { departmentRoutes } from './departments.ts';
import { dispatchBoardRoutes } from './dispatch-board.ts';
import { dispatchRoutes } from './dispatch.ts';
import { operatorKeyRoutes } from './operator-keys.ts';
import { peopleRoutes } from './people.ts';
import { organisationRoutes } from './organisations.ts';
import { recordRoutes } from './records.ts';
import { releaseRoutes } from './releases.ts';
import { rosterRoutes } from './roster.ts';

/** The operator surface: what an organisation's operators (and the bootstrap key) do, each with an operator key. */
export const operatorRoutes: readonly RouteSpec[] = [
  ...organisationRoutes,
  ...operatorKeyRoutes,
  ...departmentRoutes,
  ...rosterRoutes,
  ...peopleRoutes,
  ...credentialRoutes,
  ...recordRoutes,
  ...releaseRoutes,
  ...auditAndPresenceRoutes,
  ...dispatchRoutes,
  ...dispatchBoardRoutes,
  ...boardLookupRoutes,
];
