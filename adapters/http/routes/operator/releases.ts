import { Type } from '@sinclair/typebox';
import { releaseSchema } from '../../presenters/operator-view-schemas.ts';
import { conflict, forbidden } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { anyObject } from '../../schemas.ts';
import { operatorRouteFor } from './operator-route.ts';
import { recordsTag } from './records.ts';

const releaseRoute = operatorRouteFor({ tag: recordsTag, permission: 'bootstrap' });
const SEMVER = '^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$';

const release = Type.Object({
  resourceSlug: Type.String({ pattern: '^[a-z0-9]+([-_][a-z0-9]+)*$', maxLength: 64 }),
  version: Type.String({ pattern: SEMVER, maxLength: 64 }),
  manifest: anyObject(),
});

/** Game resource releases, which the bridge's public version check reads. */
export const releaseRoutes: readonly RouteSpec[] = [
  releaseRoute('publishRelease', {
    summary: 'Publishes a game resource version for the public version check (bootstrap key only).',
    request: { method: 'POST', path: '/api/v1/admin/releases', body: release },
    success: {
      status: 201,
      description: 'The release.',
      schema: releaseSchema,
      present: ({ id, resourceSlug, version, manifest, publishedAt }) => ({
        releaseId: id,
        resourceSlug,
        version,
        manifest,
        publishedAt: publishedAt.toISOString(),
      }),
    },
    refusals: {
      forbidden: forbidden('Only the bootstrap key publishes releases.'),
      version_exists: conflict('That version is already published.'),
    },
  }),
];
