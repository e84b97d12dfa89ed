import type { RouteSpec } from '../../route-spec.ts';
import { mdtLookupRoutes } from './lookups.ts';
import { mdtReadRoutes } from './reads.ts';
import { mdtSignOutRoute } from './sign-out.ts';
import { mdtWriteRoutes } from './writes.ts';

/** The MDT's routes: an MDT session only, and no other route accepts one. */
export const mdtRoutes: readonly RouteSpec[] = [...mdtReadRoutes, ...mdtLookupRoutes, ...mdtWriteRoutes, mdtSignOutRoute];
