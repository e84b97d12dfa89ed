import { Type } from '@sinclair/typebox';
import { invitationPath } from '../../../../application/people/invitations.ts';
import type { OrganisationPerson } from '../../../../application/people/organisation-people.ts';
import type { RoleView } from '../../../../application/people/organisation-roles.ts';
import { OPERATOR_PERMISSIONS } from '../../../../domain/operator/operator-key.ts';
import { ROLE_NAMES } from '../../../../domain/people/role.ts';
import { forbidden, invalid, notFound } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { enumOf, idParams } from '../../schemas.ts';
import { operatorRouteFor, organisationListing } from './operator-route.ts';

const peopleRoute = operatorRouteFor({ tag: 'admin: people', permission: 'roster.manage' });
const notAllowed = forbidden(
  'This needs roster.manage, and a role at least as high as the one given or changed (owners for owners); an account that belongs to other organisations too is disabled only by the bootstrap key.',
);

const personViewSchema = {
  type: 'object',
  required: ['personId', 'displayName', 'role', 'status', 'since'],
  additionalProperties: false,
  properties: {
    personId: { type: 'string', format: 'uuid' },
    displayName: { type: 'string' },
    role: { enum: [...ROLE_NAMES] },
    status: { enum: ['active', 'pending', 'disabled'] },
    since: { type: 'string', format: 'date-time' },
  },
};

const rolesSchema = {
  type: 'object',
  required: ['roles'],
  additionalProperties: false,
  properties: {
    roles: {
      type: 'array',
      items: {
        type: 'object',
        required: ['role', 'permissions', 'editable'],
        additionalProperties: false,
        properties: {
          role: { enum: [...ROLE_NAMES] },
          permissions: { type: 'array', items: { enum: [...OPERATOR_PERMISSIONS] } },
          editable: { type: 'boolean' },
        },
      },
    },
  },
};

const rolesBody = (roles: readonly RoleView[]) => ({ roles });

const personView = (p: OrganisationPerson) => ({
  personId: p.personId,
  displayName: p.displayName,
  role: p.role,
  status: p.status,
  since: p.since.toISOString(),
});

/** An organisation's people: invited with a role, listed, their role changed or their account disabled. */
export const peopleRoutes: readonly RouteSpec[] = [
  peopleRoute('createInvitation', {
    summary: 'A one-time invitation, valid seven days, that makes its holder a member with the role; its address is shown once.',
    request: {
      method: 'POST',
      path: '/api/v1/admin/organisations/:organisationId/invitations',
      params: idParams('organisationId'),
      body: Type.Object({ role: enumOf(ROLE_NAMES) }),
    },
    success: {
      status: 201,
      description: '`invitationPath` (on this service: `/account/#invitation=...`, shown once), `role`, `expiresAt`.',
      schema: {
        type: 'object',
        required: ['invitationPath', 'role', 'expiresAt'],
        additionalProperties: false,
        properties: {
          invitationPath: { type: 'string' },
          role: { enum: [...ROLE_NAMES] },
          expiresAt: { type: 'string', format: 'date-time' },
        },
      },
      present: ({ token, invitation }) => ({
        invitationPath: invitationPath(token),
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
      }),
    },
    refusals: { not_found: notFound('organisation'), forbidden: notAllowed },
  }),
  peopleRoute(
    'listPeople',
    organisationListing(
      'people',
      "The organisation's people with their roles, in the order they joined.",
      personView,
      notAllowed,
      personViewSchema,
    ),
  ),
  peopleRoute('changePersonRole', {
    summary: "Changes a person's role in the organisation, or disables (or enables) their account; counts from their next request.",
    request: {
      method: 'PATCH',
      path: '/api/v1/admin/organisations/:organisationId/people/:personId',
      params: idParams('organisationId', 'personId'),
      body: Type.Object(
        { role: Type.Optional(enumOf(ROLE_NAMES)), status: Type.Optional(enumOf(['active', 'disabled'] as const)) },
        { minProperties: 1 },
      ),
    },
    success: { status: 200, description: 'The person as the organisation now sees them.', schema: personViewSchema, present: personView },
    refusals: { not_found: notFound('person'), forbidden: notAllowed },
  }),
  peopleRoute('listRoles', {
    summary: 'What each role may do in the organisation (its own sets, or the defaults), from owner to civilian.',
    request: { method: 'GET', path: '/api/v1/admin/organisations/:organisationId/roles', params: idParams('organisationId') },
    success: {
      status: 200,
      description: '`roles`: each `role`, its `permissions`, and whether it is `editable`.',
      schema: rolesSchema,
      present: rolesBody,
    },
    refusals: { not_found: notFound('organisation'), forbidden: notAllowed },
  }),
  peopleRoute('changeRolePermissions', {
    summary:
      "Gives a role of the organisation a new set of permissions; everyone of that role holds it from their next request. Only permissions the caller holds there may be given or taken away; the owner's set is fixed.",
    request: {
      method: 'PATCH',
      path: '/api/v1/admin/organisations/:organisationId/roles',
      permission: 'organisation.settings.manage',
      params: idParams('organisationId'),
      body: Type.Object({
        role: enumOf(ROLE_NAMES),
        permissions: Type.Array(enumOf(OPERATOR_PERMISSIONS), { maxItems: OPERATOR_PERMISSIONS.length, uniqueItems: true }),
      }),
    },
    success: { status: 200, description: 'Every role as the organisation now has them.', schema: rolesSchema, present: rolesBody },
    refusals: {
      not_found: notFound('organisation'),
      forbidden: forbidden('This needs organisation.settings.manage, and only permissions the caller holds there may change.'),
      owner_fixed: invalid('role', 'is the owner, who holds every permission always'),
    },
  }),
];
