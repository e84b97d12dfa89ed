import { Type } from '@sinclair/typebox';
import { OPERATOR_PERMISSIONS, type OperatorPermission } from '../../../domain/operator/operator-key.ts';
import { MAP_TYPES } from '../../../domain/organisation/organisation.ts';
import type { DepartmentId } from '../../../domain/shared/ids.ts';
import { operatorKeyView } from '../presenters/operator-key-views.ts';
import { departmentView, organisationView } from '../presenters/organisation-views.ts';
import { answer, conflict, forbidden, invalid, notFound, nothingToChange } from '../refusals.ts';
import { type RouteSpec, created, ok, route } from '../route-spec.ts';
import { enumOf, id, idParams, nullable, text } from '../schemas.ts';

const operator = (permission: OperatorPermission | 'bootstrap') => ({ kind: 'operator', permission }) as const;
const tag = 'admin: organisations';

/** An organisation's settings, each optional. */
const settings = {
  mapType: Type.Optional(enumOf(MAP_TYPES)),
  arrivalRadius: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100000 })),
  concurrentAccountsMax: Type.Optional(nullable(Type.Integer({ minimum: 0, maximum: 1000000 }))),
  autoProvision: Type.Optional(Type.Boolean()),
};
const notReached = notFound('organisation');
const notAllowed = forbidden('This operator key lacks the permission.');

export const adminOrganisationRoutes: readonly RouteSpec[] = [
  route({
    operationId: 'createOrganisation',
    method: 'POST',
    path: '/api/v1/admin/organisations',
    summary: 'Founds an organisation (bootstrap key only).',
    tag,
    guard: operator('bootstrap'),
    body: Type.Object({ name: text(100), ...settings }),
    responses: { 201: { description: 'The organisation, with its `organisationId`.' } },
    useCase: 'createOrganisation',
    handle: async ({ operator, body: { name, ...settings } }, createOrganisation) =>
      answer(await createOrganisation.execute({ operator, name, settings }), (o) => created(organisationView(o)), {
        forbidden: forbidden('Only the bootstrap key founds organisations.'),
      }),
  }),
  route({
    operationId: 'updateOrganisation',
    method: 'PATCH',
    path: '/api/v1/admin/organisations/:organisationId',
    summary: 'Renames an organisation or changes the settings sent, including the designated 911 department.',
    tag,
    guard: operator('organisation.settings.manage'),
    params: idParams('organisationId'),
    body: Type.Object(
      { name: Type.Optional(text(100)), ...settings, emergencyDepartmentId: Type.Optional(nullable(id<DepartmentId>())) },
      { minProperties: 1 },
    ),
    responses: { 200: { description: 'The organisation as it now is.' } },
    useCase: 'updateOrganisation',
    handle: async ({ operator, params, body: { name, ...settings } }, updateOrganisation) =>
      answer(
        await updateOrganisation.execute({ operator, organisationId: params.organisationId, name, settings }),
        (o) => ok(organisationView(o)),
        {
          not_found: notReached,
          forbidden: notAllowed,
          unknown_department: invalid('emergencyDepartmentId', 'is not a department of this organisation'),
          nothing_to_change: nothingToChange,
        },
      ),
  }),
  route({
    operationId: 'createOperatorKey',
    method: 'POST',
    path: '/api/v1/admin/organisations/:organisationId/operator-keys',
    summary: 'Issues an operator key for the organisation; the key is shown once.',
    tag,
    guard: operator('organisation.settings.manage'),
    params: idParams('organisationId'),
    body: Type.Object({
      label: text(100),
      permissions: Type.Array(enumOf(OPERATOR_PERMISSIONS), { uniqueItems: true, maxItems: OPERATOR_PERMISSIONS.length }),
    }),
    responses: { 201: { description: '`key` (shown once), `operatorKeyId`, `label`, `permissions`.' } },
    useCase: 'createOperatorKey',
    handle: async ({ operator, params, body }, createOperatorKey) =>
      answer(
        await createOperatorKey.execute({ operator, organisationId: params.organisationId, ...body }),
        ({ key, operatorKey }) => {
          const { id, label, permissions, organisationId } = operatorKey.snapshot();
          return created({ key, operatorKeyId: id, organisationId, label, permissions });
        },
        {
          not_found: notReached,
          forbidden: forbidden('A key may hand out only permissions it holds, and needs organisation.settings.manage.'),
        },
      ),
  }),
  route({
    operationId: 'listOperatorKeys',
    method: 'GET',
    path: '/api/v1/admin/organisations/:organisationId/operator-keys',
    summary: "Lists the organisation's operator keys, revoked ones included; never a key itself.",
    tag,
    guard: operator('organisation.settings.manage'),
    params: idParams('organisationId'),
    responses: { 200: { description: 'A plain array of operator keys.' } },
    useCase: 'listOperatorKeys',
    handle: async ({ operator, params }, listOperatorKeys) =>
      answer(await listOperatorKeys.execute({ operator, organisationId: params.organisationId }), (keys) => ok(keys.map(operatorKeyView)), {
        not_found: notReached,
        forbidden: notAllowed,
      }),
  }),
  route({
    operationId: 'revokeOperatorKey',
    method: 'POST',
    path: '/api/v1/admin/operator-keys/:operatorKeyId/revoke',
    summary: 'Revokes an operator key of an organisation at once (the bootstrap key is reset instead).',
    tag,
    guard: operator('organisation.settings.manage'),
    params: idParams('operatorKeyId'),
    responses: { 200: { description: 'The key, now revoked.' } },
    useCase: 'revokeOperatorKey',
    handle: async ({ operator, params }, revokeOperatorKey) =>
      answer(await revokeOperatorKey.execute({ operator, operatorKeyId: params.operatorKeyId }), (key) => ok(operatorKeyView(key)), {
        not_found: notFound('operator key'),
        forbidden: notAllowed,
      }),
  }),
  route({
    operationId: 'createDepartment',
    method: 'POST',
    path: '/api/v1/admin/organisations/:organisationId/departments',
    summary: 'Creates a department; game resources name it by its slug.',
    tag,
    guard: operator('organisation.settings.manage'),
    params: idParams('organisationId'),
    body: Type.Object({ slug: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64 }), name: text(100) }),
    responses: { 201: { description: 'The department, with its `departmentId`.' } },
    useCase: 'createDepartment',
    handle: async ({ operator, params, body }, createDepartment) =>
      answer(
        await createDepartment.execute({ operator, organisationId: params.organisationId, ...body }),
        (d) => created(departmentView(d)),
        {
          not_found: notReached,
          forbidden: notAllowed,
          invalid_slug: invalid('slug', 'must be lower-case words joined by dashes'),
          slug_taken: conflict('The organisation already has a department with that slug.'),
        },
      ),
  }),
  route({
    operationId: 'updateDepartment',
    method: 'PATCH',
    path: '/api/v1/admin/departments/:departmentId',
    summary: 'Activates or deactivates a department.',
    tag,
    guard: operator('organisation.settings.manage'),
    params: idParams('departmentId'),
    body: Type.Object({ isActive: Type.Boolean() }),
    responses: { 200: { description: 'The department as it now is.' } },
    useCase: 'updateDepartment',
    handle: async ({ operator, params, body }, updateDepartment) =>
      answer(
        await updateDepartment.execute({ operator, departmentId: params.departmentId, isActive: body.isActive }),
        (d) => ok(departmentView(d)),
        { not_found: notFound('department'), forbidden: notAllowed },
      ),
  }),
];
