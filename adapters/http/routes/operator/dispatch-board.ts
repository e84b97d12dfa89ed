import { Type } from '@sinclair/typebox';
import { OPEN_CALL_STATUSES } from '../../../../application/dispatch/list-open-calls.ts';
import type { TimelineNote } from '../../../../domain/call/call.ts';
import type { DepartmentId } from '../../../../domain/shared/ids.ts';
import { UNIT_STATUSES } from '../../../../domain/unit/unit-status.ts';
import { callView } from '../../presenters/call-views.ts';
import { shape } from '../../presenters/operator-view-schemas.ts';
import { unitView, unitViewSchema } from '../../presenters/roster-views.ts';
import { forbidden, notFound } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { id, idParams, oneOf, text } from '../../schemas.ts';
import { pageQuery, pageRefusals, paged } from './operator-pages.ts';
import { operatorRouteFor } from './operator-route.ts';

const dispatchRoute = operatorRouteFor({ tag: 'admin: dispatch', permission: 'dispatch.manage' });
const notAllowed = forbidden('This operator key lacks dispatch.manage.');

const noteView = (note: TimelineNote) => ({
  eventId: note.eventId,
  text: note.text,
  author: note.author,
  at: note.at.toISOString(),
});
const noteSchema = shape({
  eventId: { type: 'string', format: 'uuid' },
  text: { type: 'string' },
  author: shape({ kind: { enum: ['unit', 'credential', 'operator', 'person'] }, id: { type: 'string' }, label: { type: 'string' } }),
  at: { type: 'string', format: 'date-time' },
});

/** What a dispatch board does besides the call actions of `dispatch.ts`: its call queue, unit statuses and notes. */
export const dispatchBoardRoutes: readonly RouteSpec[] = [
  dispatchRoute('listOpenCalls', {
    summary:
      "The organisation's open calls (`PENDING` and `ACTIVE`), newest first, or one `departmentId`'s, or one `status`'s; cursor-paginated.",
    request: {
      method: 'GET',
      path: '/api/v1/admin/organisations/:organisationId/calls',
      permission: 'dispatch.view',
      params: idParams('organisationId'),
      query: Type.Object({
        departmentId: Type.Optional(id<DepartmentId>()),
        status: Type.Optional(oneOf(OPEN_CALL_STATUSES)),
        ...pageQuery.properties,
      }),
    },
    success: paged(callView, 'A page of open calls, each with its timeline.'),
    refusals: pageRefusals('dispatch.view (or dispatch.manage)'),
  }),
  dispatchRoute('setUnitStatusByDispatch', {
    summary: 'Sets any of the six statuses of a unit; `OFF_DUTY` ends its assignment. `reason` is kept in the audit log.',
    request: {
      method: 'PATCH',
      path: '/api/v1/admin/units/:unitId/status',
      params: idParams('unitId'),
      body: Type.Object({ status: oneOf(UNIT_STATUSES), reason: Type.Optional(text(500)) }),
    },
    success: { status: 200, description: 'The unit as it now is.', schema: unitViewSchema, present: unitView },
    refusals: { not_found: notFound('unit'), forbidden: notAllowed },
  }),
  dispatchRoute('addCallNote', {
    summary: 'Adds a note to the call’s timeline, signed with the key’s label; a closed call still takes notes.',
    request: {
      method: 'POST',
      path: '/api/v1/admin/calls/:callId/notes',
      params: idParams('callId'),
      body: Type.Object({ text: text(4000) }),
    },
    success: { status: 201, description: 'The note.', schema: noteSchema, present: noteView },
    refusals: { not_found: notFound('call'), forbidden: notAllowed },
  }),
];
