import { Type } from '@sinclair/typebox';
import { MAX_BOLO_LIST } from '../../../../application/api/list-bolos.ts';
import { MAX_CALL_LIST } from '../../../../application/api/list-calls.ts';
import { MAX_UNIT_LIST } from '../../../../application/api/list-units.ts';
import { BOLO_STATUSES } from '../../../../domain/bolo/bolo-terms.ts';
import { API_SETTABLE_CALL_STATUSES, CALL_STATUSES } from '../../../../domain/call/call-status.ts';
import type { DepartmentId } from '../../../../domain/shared/ids.ts';
import { UNIT_STATUSES } from '../../../../domain/unit/unit-status.ts';
import { boloSummarySchema, callViewSchema, callWithUnitsSchema } from '../../presenters/api-views.ts';
import { boloSummary, boloSummaryAsRead } from '../../presenters/bolo-views.ts';
import { callView, callWithUnitsView } from '../../presenters/call-views.ts';
import { unitView, unitViewSchema } from '../../presenters/roster-views.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { defaulted, id, limit, oneOf, text } from '../../schemas.ts';
import { listOf, listed } from '../answering.ts';
import { statusRecordRoutes } from './api-route.ts';

const unit = { path: '/api/v1/units', id: 'unitId', noun: 'unit', viewScope: 'cad.unit.view' } as const;
const call = { path: '/api/v1/cad/calls', id: 'callId', noun: 'call', viewScope: 'cad.call.view' } as const;
export const bolo = { path: '/api/v1/records/bolos', id: 'boloId', noun: 'BOLO', viewScope: 'records.bolo.view' } as const;

/**
 * The records an external system lists, reads by id and moves between statuses: units (the roster
 * as a dispatcher sees it), calls (moved between pending and active) and BOLOs. One declaration
 * each, from which `statusRecordRoutes` makes the three routes.
 */
export const statusRecords: readonly RouteSpec[] = [
  ...statusRecordRoutes(unit, {
    list: {
      useCase: 'listUnits',
      summary: "The organisation's units as a dispatcher sees them; all departments unless one is named.",
      query: Type.Object({
        departmentId: Type.Optional(id<DepartmentId>()),
        isActive: Type.Optional(Type.Boolean()),
        limit: limit(MAX_UNIT_LIST, MAX_UNIT_LIST),
      }),
      success: listed('units', unitView, unitViewSchema),
    },
    read: {
      useCase: 'readUnit',
      summary: 'One unit: status, callsign and current assignment.',
      success: { status: 200, description: 'The unit.', schema: unitViewSchema, present: unitView },
    },
    setStatus: {
      useCase: 'setUnitStatus',
      summary: 'Sets any of the six statuses; `OFF_DUTY` ends the unit’s assignment. `reason` is kept in the audit log.',
      scope: 'cad.unit.assign',
      body: Type.Object({ status: oneOf(UNIT_STATUSES), reason: Type.Optional(text(500)) }),
      success: { status: 200, description: 'The unit as it now is.', schema: unitViewSchema, present: unitView },
    },
  }),
  ...statusRecordRoutes(call, {
    list: {
      useCase: 'listCalls',
      summary: 'Calls, newest first; all departments unless one is named.',
      query: Type.Object({
        departmentId: Type.Optional(id<DepartmentId>()),
        status: Type.Optional(oneOf(CALL_STATUSES)),
        limit: limit(MAX_CALL_LIST, 100),
        offset: defaulted(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
      }),
      success: listed('calls', callView, callViewSchema),
    },
    read: {
      useCase: 'readCallForApi',
      operationId: 'readApiCall',
      summary: 'A call with its timeline and the units assigned to it.',
      success: { status: 200, description: 'The call, with `units`.', schema: callWithUnitsSchema, present: callWithUnitsView },
    },
    setStatus: {
      useCase: 'setCallStatus',
      summary: 'Sets a call `PENDING` or `ACTIVE`; closing is the dispatcher’s.',
      scope: 'cad.call.update',
      body: Type.Object({ status: oneOf(API_SETTABLE_CALL_STATUSES) }),
      success: { status: 200, description: 'The call as it now is.', schema: callViewSchema, present: callView },
    },
  }),
  ...statusRecordRoutes(bolo, {
    list: {
      useCase: 'listBolos',
      summary: 'BOLO summaries, newest first; without `status`, the active ones.',
      query: Type.Object({
        status: Type.Optional(oneOf(BOLO_STATUSES)),
        issuingDepartmentId: Type.Optional(id<DepartmentId>()),
        limit: limit(MAX_BOLO_LIST, MAX_BOLO_LIST),
      }),
      success: {
        status: 200,
        description: 'A plain array of BOLO summaries.',
        schema: listOf(boloSummarySchema),
        present: ({ bolos, now }) => bolos.map((bolo) => boloSummary(bolo, now)),
      },
    },
    read: {
      useCase: 'readBolo',
      summary: 'One BOLO, as a summary.',
      success: { status: 200, description: 'The BOLO summary.', schema: boloSummarySchema, present: boloSummaryAsRead },
    },
    setStatus: {
      useCase: 'setBoloStatus',
      summary: 'Sets any of the six BOLO statuses.',
      scope: 'records.bolo.manage',
      body: Type.Object({ status: oneOf(BOLO_STATUSES) }),
      success: { status: 200, description: 'The BOLO summary as it now is.', schema: boloSummarySchema, present: boloSummaryAsRead },
    },
  }),
];
