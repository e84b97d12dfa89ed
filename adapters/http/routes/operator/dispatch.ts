import { Type } from '@sinclair/typebox';
import { assignmentSchema, releasedSchema } from '../../presenters/operator-view-schemas.ts';
import { callViewSchema, callWithUnitsSchema } from '../../presenters/api-views.ts';
import { CALL_PRIORITIES } from '../../../../domain/call/call-status.ts';
import type { UnitId } from '../../../../domain/shared/ids.ts';
import { callView, callWithUnitsView } from '../../presenters/call-views.ts';
import { conflict, forbidden, notFound } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { coordinate, id, idParams, oneOf, text } from '../../schemas.ts';
import { operatorRouteFor } from './operator-route.ts';

const dispatchRoute = operatorRouteFor({ tag: 'admin: dispatch', permission: 'dispatch.manage' });
const notAllowed = forbidden('This operator key lacks dispatch.manage.');
/** An unknown call or one out of the key's reach, and a key without the permission. */
const refused = { not_found: notFound('call'), forbidden: notAllowed };
const assignment = { path: '/api/v1/admin/calls/:callId/assignments/:unitId', params: idParams('callId', 'unitId') } as const;

/** Both coordinates or neither. */
const pinDependencies = { dependentRequired: { mapX: ['mapY'], mapY: ['mapX'] } };
const optionalPin = { mapX: Type.Optional(coordinate), mapY: Type.Optional(coordinate) };

/** A place on the map where both coordinates were sent (the schema allows both or neither). */
const pinOf = ({ mapX, mapY }: { mapX?: number; mapY?: number }) => (mapX === undefined || mapY === undefined ? undefined : { mapX, mapY });

const newCall = Type.Object({ description: text(2000), priority: Type.Optional(oneOf(CALL_PRIORITIES)), ...optionalPin }, pinDependencies);

const assignmentView = (a: { callId: string; callNumber: string; pin: { x: number; y: number } | null; assignedAt: Date }) => ({
  callId: a.callId,
  callNumber: a.callNumber,
  mapX: a.pin?.x ?? null,
  mapY: a.pin?.y ?? null,
  assignedAt: a.assignedAt.toISOString(),
});

/** Dispatcher actions: they drive the waypoints game resources read and receive. */
export const dispatchRoutes: readonly RouteSpec[] = [
  dispatchRoute('openCall', {
    summary: 'Opens a call in the department, with a place on the map (`mapX` and `mapY`) or without one.',
    request: { method: 'POST', path: '/api/v1/admin/departments/:departmentId/calls', params: idParams('departmentId'), body: newCall },
    success: { status: 201, description: 'The call, `PENDING`.', schema: callViewSchema, present: callView },
    refusals: { not_found: notFound('department'), forbidden: notAllowed, department_inactive: conflict('The department is deactivated.') },
    call: ({ mapX, mapY, ...input }, openCall) => openCall.execute({ ...input, location: pinOf({ mapX, mapY }) ?? null }),
  }),
  dispatchRoute('readCall', {
    summary: 'A call with its timeline and the units assigned to it.',
    request: { method: 'GET', path: '/api/v1/admin/calls/:callId', permission: 'dispatch.view', params: idParams('callId') },
    success: { status: 200, description: 'The call, with `units`.', schema: callWithUnitsSchema, present: callWithUnitsView },
    refusals: { not_found: notFound('call'), forbidden: forbidden('This operator key lacks dispatch.view (or dispatch.manage).') },
  }),
  dispatchRoute('assignUnit', {
    summary:
      'Sends an on-duty unit of the call’s department to the call, pinned at `mapX`/`mapY`, or at the call’s location when they are left out (no pin when the call has none).',
    request: {
      method: 'POST',
      path: '/api/v1/admin/calls/:callId/assignments',
      params: idParams('callId'),
      body: Type.Object({ unitId: id<UnitId>(), ...optionalPin }, pinDependencies),
    },
    success: { status: 201, description: 'The assignment.', schema: assignmentSchema, present: assignmentView },
    refusals: {
      ...refused,
      unknown_unit: notFound('unit'),
      unit_off_duty: conflict('The unit is off duty or deactivated.'),
      call_closed: conflict('The call is closed.'),
      wrong_department: conflict('The unit belongs to another department.'),
      already_assigned: conflict('The unit is assigned to a call already.'),
    },
    call: ({ mapX, mapY, ...input }, assignUnit) => assignUnit.execute({ ...input, pin: pinOf({ mapX, mapY }) }),
  }),
  dispatchRoute('movePin', {
    summary: 'Moves the pin of a unit’s assignment to `mapX`/`mapY`.',
    request: { method: 'PATCH', ...assignment, body: Type.Object({ mapX: coordinate, mapY: coordinate }) },
    success: { status: 200, description: 'The assignment.', schema: assignmentSchema, present: assignmentView },
    refusals: { ...refused, not_assigned: notFound('assignment') },
    call: ({ mapX, mapY, ...input }, movePin) => movePin.execute({ ...input, pin: { mapX, mapY } }),
  }),
  dispatchRoute('releaseUnit', {
    summary: 'Takes the unit off the call; it is AVAILABLE again.',
    request: { method: 'DELETE', ...assignment },
    success: { status: 200, description: '`released: true`.', schema: releasedSchema, present: () => ({ released: true }) },
    refusals: { ...refused, not_assigned: notFound('assignment') },
  }),
  dispatchRoute('closeCall', {
    summary: 'Closes the call; every unit on it is released and AVAILABLE again.',
    request: { method: 'POST', path: '/api/v1/admin/calls/:callId/close', params: idParams('callId') },
    success: { status: 200, description: 'The call, `CLOSED`.', schema: callViewSchema, present: callView },
    refusals: refused,
  }),
];
