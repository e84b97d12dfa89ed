import { Type } from '@sinclair/typebox';
import { invitationPath } from '../../../../application/people/invitations.ts';
import type { OrganisationPerson } from '../../../../application/people/organisation-people.ts';
import { ROLE_NAMES } from '../../../../domain/people/role.ts';
import { forbidden, notFound } from '../../refusals.ts';
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
];
