import { Type } from '@sinclair/typebox';
import { CALL_PRIORITIES } from '../../../domain/call/call-status.ts';
import type { UnitId } from '../../../domain/shared/ids.ts';
import { callView } from '../presenters/call-views.ts';
import { unitView } from '../presenters/roster-views.ts';
import { answer, conflict, forbidden, notFound } from '../refusals.ts';
import { type RouteSpec, created, ok, route } from '../route-spec.ts';
import { coordinate, id, idParams, oneOf, text } from '../schemas.ts';

const guard = { kind: 'operator', permission: 'dispatch.manage' } as const;
const tag = 'admin: dispatch';
const noCall = notFound('call');
const notAllowed = forbidden('This operator key lacks dispatch.manage.');
const pin = Type.Object({ mapX: coordinate, mapY: coordinate });
/** Both coordinates or neither. */
const pinDependencies = { dependencies: { mapX: ['mapY'], mapY: ['mapX'] } };

/** Both coordinates or neither (the schema makes sure). */
const pinOf = (body: { mapX?: number; mapY?: number }) =>
  body.mapX === undefined || body.mapY === undefined ? undefined : { mapX: body.mapX, mapY: body.mapY };

const assignmentView = (a: { callId: string; callNumber: string; pin: { x: number; y: number } | null; assignedAt: Date }) => ({
  callId: a.callId,
  callNumber: a.callNumber,
  mapX: a.pin?.x ?? null,
  mapY: a.pin?.y ?? null,
  assignedAt: a.assignedAt.toISOString(),
});

/** Dispatcher actions: they drive the waypoints game resources read and receive. */
export const adminDispatchRoutes: readonly RouteSpec[] = [
  route({
    operationId: 'openCall',
    method: 'POST',
    path: '/api/v1/admin/departments/:departmentId/calls',
    summary: 'Opens a call in the department, with a place on the map (`mapX` and `mapY`) or without one.',
    tag,
    guard,
    params: idParams('departmentId'),
    body: Type.Object(
      {
        description: text(2000),
        priority: Type.Optional(oneOf(CALL_PRIORITIES)),
        mapX: Type.Optional(coordinate),
        mapY: Type.Optional(coordinate),
      },
      pinDependencies,
    ),
    responses: { 201: { description: 'The call, `PENDING`.' } },
    useCase: 'openCall',
    handle: async ({ operator, params, body }, openCall) =>
      answer(
        await openCall.execute({
          operator,
          departmentId: params.departmentId,
          description: body.description,
          priority: body.priority,
          location: body.mapX === undefined || body.mapY === undefined ? null : { mapX: body.mapX, mapY: body.mapY },
        }),
        (call) => created(callView(call)),
        { not_found: notFound('department'), forbidden: notAllowed, department_inactive: conflict('The department is deactivated.') },
      ),
  }),
  route({
    operationId: 'readCall',
    method: 'GET',
    path: '/api/v1/admin/calls/:callId',
    summary: 'A call with its timeline and the units assigned to it.',
    tag,
    guard,
    params: idParams('callId'),
    responses: { 200: { description: 'The call, with `units`.' } },
    useCase: 'readCall',
    handle: async ({ operator, params }, readCall) =>
      answer(
        await readCall.execute({ operator, callId: params.callId }),
        ({ call, units }) => ok({ ...callView(call), units: units.map(unitView) }),
        { not_found: noCall, forbidden: notAllowed },
      ),
  }),
  route({
    operationId: 'assignUnit',
    method: 'POST',
    path: '/api/v1/admin/calls/:callId/assignments',
    summary:
      'Sends an on-duty unit of the call’s department to the call, pinned at `mapX`/`mapY`, or at the call’s location when they are left out (no pin when the call has none).',
    tag,
    guard,
    params: idParams('callId'),
    body: Type.Object({ unitId: id<UnitId>(), mapX: Type.Optional(coordinate), mapY: Type.Optional(coordinate) }, pinDependencies),
    responses: { 201: { description: 'The assignment.' } },
    useCase: 'assignUnit',
    handle: async ({ operator, params, body }, assignUnit) =>
      answer(
        await assignUnit.execute({ operator, callId: params.callId, unitId: body.unitId, pin: pinOf(body) }),
        (assignment) => created(assignmentView(assignment)),
        {
          not_found: noCall,
          forbidden: notAllowed,
          unknown_unit: notFound('unit'),
          unit_off_duty: conflict('The unit is off duty or deactivated.'),
          call_closed: conflict('The call is closed.'),
          wrong_department: conflict('The unit belongs to another department.'),
          already_assigned: conflict('The unit is assigned to a call already.'),
        },
      ),
  }),
  route({
    operationId: 'movePin',
    method: 'PATCH',
    path: '/api/v1/admin/calls/:callId/assignments/:unitId',
    summary: 'Moves the pin of a unit’s assignment to `mapX`/`mapY`.',
    tag,
    guard,
    params: idParams('callId', 'unitId'),
    body: pin,
    responses: { 200: { description: 'The assignment.' } },
    useCase: 'movePin',
    handle: async ({ operator, params, body }, movePin) =>
      answer(
        await movePin.execute({
          operator,
          callId: params.callId,
          unitId: params.unitId,
          pin: { mapX: body.mapX, mapY: body.mapY },
        }),
        (assignment) => ok(assignmentView(assignment)),
        { not_found: noCall, forbidden: notAllowed, not_assigned: notFound('assignment') },
      ),
  }),
  route({
    operationId: 'releaseUnit',
    method: 'DELETE',
    path: '/api/v1/admin/calls/:callId/assignments/:unitId',
    summary: 'Takes the unit off the call; it is AVAILABLE again.',
    tag,
    guard,
    params: idParams('callId', 'unitId'),
    responses: { 200: { description: '`released: true`.' } },
    useCase: 'releaseUnit',
    handle: async ({ operator, params }, releaseUnit) =>
      answer(await releaseUnit.execute({ operator, callId: params.callId, unitId: params.unitId }), () => ok({ released: true }), {
        not_found: noCall,
        forbidden: notAllowed,
        not_assigned: notFound('assignment'),
      }),
  }),
  route({
    operationId: 'closeCall',
    method: 'POST',
    path: '/api/v1/admin/calls/:callId/close',
    summary: 'Closes the call; every unit on it is released and AVAILABLE again.',
    tag,
    guard,
    params: idParams('callId'),
    responses: { 200: { description: 'The call, `CLOSED`.' } },
    useCase: 'closeCall',
    handle: async ({ operator, params }, closeCall) =>
      answer(await closeCall.execute({ operator, callId: params.callId }), (call) => ok(callView(call)), {
        not_found: noCall,
        forbidden: notAllowed,
      }),
  }),
];
