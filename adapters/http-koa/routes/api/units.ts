import { Type } from '@sinclair/typebox';
import { MAX_UNIT_LIST } from '../../../../application/api/list-units.ts';
import type { DepartmentId } from '../../../../domain/shared/ids.ts';
import { accept } from '../../../../domain/shared/outcome.ts';
import { UNIT_STATUSES } from '../../../../domain/unit/unit-status.ts';
import { unitView, unitViewSchema } from '../../presenters/roster-views.ts';
import { notFound } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { id, idParams, limit, oneOf, text } from '../../schemas.ts';
import { listed } from '../answering.ts';
import { apiRoute } from './api-route.ts';

const noUnit = { not_found: notFound('unit') };

/** Units: the roster as a dispatcher sees it, and setting a unit's status. */
export const unitRoutes: readonly RouteSpec[] = [
  apiRoute('listUnits', {
    summary: "The organisation's units as a dispatcher sees them; all departments unless one is named.",
    request: {
      method: 'GET',
      path: '/api/v1/units',
      scope: 'cad.unit.view',
      query: Type.Object({
        departmentId: Type.Optional(id<DepartmentId>()),
        isActive: Type.Optional(Type.Boolean()),
        limit: limit(MAX_UNIT_LIST, MAX_UNIT_LIST),
      }),
    },
    success: listed('units', unitView, unitViewSchema),
    call: async (input, listUnits) => accept(await listUnits.execute(input)),
  }),
  apiRoute('readUnit', {
    summary: 'One unit: status, callsign and current assignment.',
    request: { method: 'GET', path: '/api/v1/units/:unitId', scope: 'cad.unit.view', params: idParams('unitId') },
    success: { status: 200, description: 'The unit.', schema: unitViewSchema, present: unitView },
    refusals: noUnit,
  }),
  apiRoute('setUnitStatus', {
    summary: 'Sets any of the six statuses; `OFF_DUTY` ends the unit’s assignment. `reason` is kept in the audit log.',
    request: {
      method: 'PATCH',
      path: '/api/v1/units/:unitId/status',
      scope: 'cad.unit.assign',
      params: idParams('unitId'),
      body: Type.Object({ status: oneOf(UNIT_STATUSES), reason: Type.Optional(text(500)) }),
    },
    success: { status: 200, description: 'The unit as it now is.', schema: unitViewSchema, present: unitView },
    refusals: noUnit,
  }),
];
