import { Type } from '@sinclair/typebox';
import { MAX_CALL_LIST } from '../../../../application/api/list-calls.ts';
import { API_SETTABLE_CALL_STATUSES, CALL_STATUSES } from '../../../../domain/call/call-status.ts';
import type { DepartmentId } from '../../../../domain/shared/ids.ts';
import { accept } from '../../../../domain/shared/outcome.ts';
import { callViewSchema, callWithUnitsSchema } from '../../presenters/api-views.ts';
import { callView, callWithUnitsView } from '../../presenters/call-views.ts';
import { notFound } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { defaulted, id, idParams, limit, oneOf } from '../../schemas.ts';
import { listOf, listed } from '../answering.ts';
import { apiRoute } from './api-route.ts';

const noCall = { not_found: notFound('call') };

/** Calls: listing them, reading one with its units, and moving one between pending and active. */
export const callRoutes: readonly RouteSpec[] = [
  apiRoute('listCalls', {
    summary: 'Calls, newest first; all departments unless one is named.',
    request: {
      method: 'GET',
      path: '/api/v1/cad/calls',
      scope: 'cad.call.view',
      query: Type.Object({
        departmentId: Type.Optional(id<DepartmentId>()),
        status: Type.Optional(oneOf(CALL_STATUSES)),
        limit: limit(MAX_CALL_LIST, 100),
        offset: defaulted(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
      }),
    },
    success: listed('calls', callView, callViewSchema),
    call: async (input, listCalls) => accept(await listCalls.execute(input)),
  }),
  apiRoute('readCallForApi', {
    operationId: 'readApiCall',
    summary: 'A call with its timeline and the units assigned to it.',
    request: { method: 'GET', path: '/api/v1/cad/calls/:callId', scope: 'cad.call.view', params: idParams('callId') },
    success: { status: 200, description: 'The call, with `units`.', schema: callWithUnitsSchema, present: callWithUnitsView },
    refusals: noCall,
  }),
  apiRoute('setCallStatus', {
    summary: 'Sets a call `PENDING` or `ACTIVE`; closing is the dispatcher’s.',
    request: {
      method: 'PATCH',
      path: '/api/v1/cad/calls/:callId/status',
      scope: 'cad.call.update',
      params: idParams('callId'),
      body: Type.Object({ status: oneOf(API_SETTABLE_CALL_STATUSES) }),
    },
    success: { status: 200, description: 'The call as it now is.', schema: callViewSchema, present: callView },
    refusals: noCall,
  }),
];
