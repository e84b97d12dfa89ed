import type { DepartmentId } from '../../../domain/shared/ids.ts';
import { MAX_UNIT_LIST } from '../../../application/api/list-units.ts';
import { unitView, unitViewSchema } from '../presenters/roster-views.ts';
import { type RouteSpec, ok, route } from '../route-spec.ts';
import { object, uuid } from '../schemas.ts';

const tag = 'API';

export const apiRoutes: readonly RouteSpec[] = [
  route<undefined, { departmentId?: DepartmentId; isActive?: boolean; limit: number }>({
    operationId: 'listUnits',
    method: 'GET',
    path: '/api/v1/units',
    summary: "The organisation's units as a dispatcher sees them; all departments unless one is named.",
    tag,
    guard: { kind: 'credential', credential: 'generic_api_key', scope: 'cad.unit.view' },
    query: object({
      departmentId: uuid,
      isActive: { type: 'boolean' },
      limit: { type: 'integer', minimum: 1, maximum: MAX_UNIT_LIST, default: MAX_UNIT_LIST },
    }),
    responses: { 200: { description: 'A plain array of units.', schema: { type: 'array', items: unitViewSchema } } },
    handle: async ({ grant, query }, useCases) => ok((await useCases.listUnits.execute({ grant, ...query })).map(unitView)),
  }),
];
