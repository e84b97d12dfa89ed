import { OPERATOR_PERMISSIONS, type OperatorPermission } from '../../../domain/operator/operator-key.ts';
import { MAP_TYPES, type OrganisationSettings } from '../../../domain/organisation/organisation.ts';
import type { DepartmentId, OperatorKeyId, OrganisationId } from '../../../domain/shared/ids.ts';
import { operatorKeyView } from '../presenters/operator-key-views.ts';
import { departmentView, organisationView } from '../presenters/organisation-views.ts';
import { answer, conflict, forbidden, invalid, notFound, nothingToChange } from '../refusals.ts';
import { type RouteSpec, created, ok, route } from '../route-spec.ts';
import { idParams, nullable, object, text, uuid } from '../schemas.ts';

const operator = (permission: OperatorPermission | 'bootstrap') => ({ kind: 'operator', permission }) as const;
const tag = 'admin: organisations';

const settings = {
  mapType: { enum: [...MAP_TYPES] },
  arrivalRadius: { type: 'number', exclusiveMinimum: 0, maximum: 100000 },
  concurrentAccountsMax: nullable({ type: 'integer', minimum: 0, maximum: 1000000 }),
  autoProvision: { type: 'boolean' },
};

type Settings = Partial<OrganisationSettings>;
const notReached = notFound('organisation');
const notAllowed = forbidden('This operator key lacks the permission.');

export const adminOrganisationRoutes: readonly RouteSpec[] = [
  route<'createOrganisation', { name: string } & Settings>({
    operationId: 'createOrganisation',
    method: 'POST',
    path: '/api/v1/admin/organisations',
    summary: 'Founds an organisation (bootstrap key only).',
    tag,
    guard: operator('bootstrap'),
    body: object({ name: text(100), ...settings }, ['name']),
    responses: { 201: { description: 'The organisation, with its `organisationId`.' } },
    useCase: 'createOrganisation',
    handle: async ({ operator, body: { name, ...settings } }, createOrganisation) =>
      answer(await createOrganisation.execute({ operator, name, settings }), (o) => created(organisationView(o)), {
        forbidden: forbidden('Only the bootstrap key founds organisations.'),
      }),
  }),
  route<'updateOrganisation', { name?: string } & Settings, undefined, { organisationId: OrganisationId }>({
    operationId: 'updateOrganisation',
    method: 'PATCH',
    path: '/api/v1/admin/organisations/:organisationId',
    summary: 'Renames an organisation or changes the settings sent, including the designated 911 department.',
    tag,
    guard: operator('organisation.settings.manage'),
    params: idParams('organisationId'),
    body: { ...object({ name: text(100), ...settings, emergencyDepartmentId: nullable(uuid) }), minProperties: 1 },
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
  route<'createOperatorKey', { label: string; permissions: OperatorPermission[] }, undefined, { organisationId: OrganisationId }>({
    operationId: 'createOperatorKey',
    method: 'POST',
    path: '/api/v1/admin/organisations/:organisationId/operator-keys',
    summary: 'Issues an operator key for the organisation; the key is shown once.',
    tag,
    guard: operator('organisation.settings.manage'),
    params: idParams('organisationId'),
    body: object(
      {
        label: text(100),
        permissions: {
          type: 'array',
          items: { enum: [...OPERATOR_PERMISSIONS] },
          uniqueItems: true,
          maxItems: OPERATOR_PERMISSIONS.length,
        },
      },
      ['label', 'permissions'],
    ),
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
  route<'listOperatorKeys', undefined, undefined, { organisationId: OrganisationId }>({
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
  route<'revokeOperatorKey', undefined, undefined, { operatorKeyId: OperatorKeyId }>({
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
  route<'createDepartment', { slug: string; name: string }, undefined, { organisationId: OrganisationId }>({
    operationId: 'createDepartment',
    method: 'POST',
    path: '/api/v1/admin/organisations/:organisationId/departments',
    summary: 'Creates a department; game resources name it by its slug.',
    tag,
    guard: operator('organisation.settings.manage'),
    params: idParams('organisationId'),
    body: object({ slug: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64 }, name: text(100) }, ['slug', 'name']),
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
  route<'updateDepartment', { isActive: boolean }, undefined, { departmentId: DepartmentId }>({
    operationId: 'updateDepartment',
    method: 'PATCH',
    path: '/api/v1/admin/departments/:departmentId',
    summary: 'Activates or deactivates a department.',
    tag,
    guard: operator('organisation.settings.manage'),
    params: idParams('departmentId'),
    body: object({ isActive: { type: 'boolean' } }, ['isActive']),
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
