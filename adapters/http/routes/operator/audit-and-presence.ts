import { Type } from '@sinclair/typebox';
import { auditEntrySchema, presenceSchema } from '../../presenters/operator-view-schemas.ts';
import type { AuditEntryId, CredentialId } from '../../../../domain/shared/ids.ts';
import { auditEntryView } from '../../presenters/records-views.ts';
import { forbidden, notFound } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { id, idParams, limit } from '../../schemas.ts';
import { listed } from '../answering.ts';
import { operatorRouteFor } from './operator-route.ts';
import { recordsTag } from './records.ts';

const auditRoute = operatorRouteFor({ tag: recordsTag, permission: 'audit.view' });
const refused = { not_found: notFound('organisation'), forbidden: forbidden('This operator key lacks audit.view.') };

/** What an auditor reads of an organisation: its audit log and its connected players. */
export const auditAndPresenceRoutes: readonly RouteSpec[] = [
  auditRoute('readAuditLog', {
    summary:
      "The organisation's audit log, newest first, optionally of one `action`, one credential (acting or acted on) or one way of making it (`via`: links made by `trusted_identity`, say); pass the last entry's id as `before` for the next page.",
    request: {
      method: 'GET',
      path: '/api/v1/admin/organisations/:organisationId/audit',
      params: idParams('organisationId'),
      query: Type.Object({
        limit: limit(500, 100),
        before: Type.Optional(id<AuditEntryId>()),
        action: Type.Optional(Type.String({ pattern: '^[a-z0-9_]+(\\.[a-z0-9_]+)+$', maxLength: 64, description: 'Only this action.' })),
        credentialId: Type.Optional(id<CredentialId>()),
        via: Type.Optional(
          Type.String({
            pattern: '^[a-z_]+$',
            maxLength: 32,
            description: 'Only entries made this way (`details.via`), e.g. `trusted_identity`.',
          }),
        ),
      }),
    },
    success: listed('audit entries', auditEntryView, auditEntrySchema),
    refusals: refused,
  }),
  auditRoute('readPresence', {
    summary: 'Linked accounts connected now (renewed by `/presence` heartbeats), the limit, and the heartbeats that exceeded it.',
    request: { method: 'GET', path: '/api/v1/admin/organisations/:organisationId/presence', params: idParams('organisationId') },
    success: {
      status: 200,
      description: '`connected`, `max` (null: no limit), `overages` newest first (`at`, `connected`, `max`).',
      schema: presenceSchema,
      present: ({ connected, max, overages }) => ({
        connected,
        max,
        overages: overages.map((o) => ({ at: o.at.toISOString(), connected: o.connected, max: o.max })),
      }),
    },
    refusals: refused,
  }),
];
