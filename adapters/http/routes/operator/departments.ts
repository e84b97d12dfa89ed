import { Type } from '@sinclair/typebox';
import { departmentViewSchema } from '../../presenters/operator-view-schemas.ts';
import { departmentView } from '../../presenters/organisation-views.ts';
import { conflict, forbidden, invalid, notFound } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { idParams, label } from '../../schemas.ts';
import { pageQuery, pageRefusals, paged } from './operator-pages.ts';
import { operatorRouteFor } from './operator-route.ts';
import { organisationFeature } from './organisations.ts';

const departmentRoute = operatorRouteFor(organisationFeature);
const notAllowed = forbidden('This operator key lacks the permission.');

const newDepartment = Type.Object({ slug: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64 }), name: label(100) });

/** An organisation's departments: created under a slug, then activated or deactivated. */
export const departmentRoutes: readonly RouteSpec[] = [
  departmentRoute('createDepartment', {
    summary: 'Creates a department; game resources name it by its slug.',
    request: {
      method: 'POST',
      path: '/api/v1/admin/organisations/:organisationId/departments',
      params: idParams('organisationId'),
      body: newDepartment,
    },
    success: {
      status: 201,
      description: 'The department, with its `departmentId`.',
      schema: departmentViewSchema,
      present: departmentView,
    },
    refusals: {
      not_found: notFound('organisation'),
      forbidden: notAllowed,
      invalid_slug: invalid('slug', 'must be lower-case words joined by dashes'),
      slug_taken: conflict('The organisation already has a department with that slug.'),
    },
  }),
  departmentRoute('updateDepartment', {
    summary: 'Activates or deactivates a department.',
    request: {
      method: 'PATCH',
      path: '/api/v1/admin/departments/:departmentId',
      params: idParams('departmentId'),
      body: Type.Object({ isActive: Type.Boolean() }),
    },
    success: { status: 200, description: 'The department as it now is.', schema: departmentViewSchema, present: departmentView },
    refusals: { not_found: notFound('department'), forbidden: notAllowed },
  }),
  departmentRoute('listDepartments', {
    summary: "The organisation's departments, active or not, oldest first; cursor-paginated.",
    request: {
      method: 'GET',
      path: '/api/v1/admin/organisations/:organisationId/departments',
      params: idParams('organisationId'),
      query: pageQuery,
    },
    success: paged(departmentView, 'A page of departments.'),
    refusals: pageRefusals('organisation.settings.manage'),
  }),
];
