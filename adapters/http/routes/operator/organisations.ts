import { Type } from '@sinclair/typebox';
import { operatorSelfSchema, organisationViewSchema } from '../../presenters/operator-view-schemas.ts';
import { MAP_TYPES, MAX_CHARACTERS_PER_PERSON } from '../../../../domain/organisation/organisation.ts';
import { JOIN_RULES } from '../../../../domain/people/join-rule.ts';
import type { DepartmentId } from '../../../../domain/shared/ids.ts';
import { operatorSelfView } from '../../presenters/operator-key-views.ts';
import { organisationView } from '../../presenters/organisation-views.ts';
import { forbidden, invalid, notFound, nothingToChange } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { coordinate, enumOf, id, idParams, label, nullable } from '../../schemas.ts';
import { operatorRouteFor } from './operator-route.ts';
import { badCursor, pageQuery, paged } from './operator-pages.ts';

/** The organisations, their operator keys and their departments share one tag in the document. */
export const organisationFeature = { tag: 'admin: organisations', permission: 'organisation.settings.manage' } as const;
const organisationRoute = operatorRouteFor(organisationFeature);

/** An organisation's settings, each optional. */
const settings = {
  mapType: Type.Optional(enumOf(MAP_TYPES)),
  arrivalRadius: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100000 })),
  concurrentAccountsMax: Type.Optional(nullable(Type.Integer({ minimum: 0, maximum: 1000000 }))),
  autoProvision: Type.Optional(Type.Boolean()),
  joinRule: Type.Optional(enumOf(JOIN_RULES)),
  charactersPerPerson: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_CHARACTERS_PER_PERSON })),
  characterApproval: Type.Optional(Type.Boolean()),
  trustedIdentityLink: Type.Optional(Type.Boolean()),
  staleUnitMinutes: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1440, description: 'Minutes without a position after which the dispatch board greys a unit.' }),
  ),
};

/** Where the dispatch board's map comes from (decision 0069): an https tile template or image, over game-coordinate bounds. */
const httpsUrl = (description: string) =>
  nullable(Type.String({ minLength: 9, maxLength: 2000, pattern: '^https://[^\\s]+$', description }));
const mapLayer = Type.Object({
  tileUrlTemplate: httpsUrl('A tile server’s URL template with `{z}`, `{x}` and `{y}`, for a `game_tiles` map; null for none.'),
  imageUrl: httpsUrl('One image stretched over the bounds, for a `static_image` map; null for none.'),
  bounds: Type.Object({ minX: coordinate, minY: coordinate, maxX: coordinate, maxY: coordinate }),
});

const changes = Type.Object(
  {
    name: Type.Optional(label(100)),
    ...settings,
    emergencyDepartmentId: Type.Optional(nullable(id<DepartmentId>())),
    mapLayer: Type.Optional(nullable(mapLayer)),
  },
  { minProperties: 1 },
);

/** Founding an organisation and changing its name and settings. */
export const organisationRoutes: readonly RouteSpec[] = [
  organisationRoute('createOrganisation', {
    summary: 'Founds an organisation (bootstrap key only).',
    request: {
      method: 'POST',
      path: '/api/v1/admin/organisations',
      permission: 'bootstrap',
      body: Type.Object({ name: label(100), ...settings }),
    },
    success: {
      status: 201,
      description: 'The organisation, with its `organisationId`.',
      schema: organisationViewSchema,
      present: organisationView,
    },
    refusals: { forbidden: forbidden('Only the bootstrap key founds organisations.') },
    call: ({ operator, name, ...settings }, createOrganisation) => createOrganisation.execute({ operator, name, settings }),
  }),
  organisationRoute('updateOrganisation', {
    summary: 'Renames an organisation or changes the settings sent, including the designated 911 department.',
    request: { method: 'PATCH', path: '/api/v1/admin/organisations/:organisationId', params: idParams('organisationId'), body: changes },
    success: { status: 200, description: 'The organisation as it now is.', schema: organisationViewSchema, present: organisationView },
    refusals: {
      not_found: notFound('organisation'),
      forbidden: forbidden('This operator key lacks the permission.'),
      unknown_department: invalid('emergencyDepartmentId', 'is not a department of this organisation'),
      invalid_map_layer: invalid(
        'mapLayer',
        'needs a tile template with {z}, {x} and {y} or an image, and bounds whose minimums are below their maximums',
      ),
      nothing_to_change: nothingToChange,
    },
    call: ({ operator, organisationId, name, mapLayer, ...settings }, updateOrganisation) =>
      updateOrganisation.execute({ operator, organisationId, name, settings, mapLayer }),
  }),
  organisationRoute('describeOperatorKey', {
    summary: 'The calling operator key: its label, organisation (null for the bootstrap key) and permissions.',
    request: { method: 'GET', path: '/api/v1/admin/me', permission: 'any' },
    success: {
      status: 200,
      description: '`operatorKeyId`, `organisationId`, `organisationName`, `label`, `permissions`, `bootstrap`; never the key.',
      schema: operatorSelfSchema,
      present: operatorSelfView,
    },
  }),
  organisationRoute('listOrganisations', {
    summary: 'Every organisation, oldest first (bootstrap key only); cursor-paginated.',
    request: { method: 'GET', path: '/api/v1/admin/organisations', permission: 'bootstrap', query: pageQuery },
    success: paged(organisationView, 'A page of organisations.'),
    refusals: { forbidden: forbidden('Only the bootstrap key lists every organisation.'), invalid_cursor: badCursor },
  }),
  organisationRoute('readOrganisation', {
    summary: "An organisation's name and settings.",
    request: { method: 'GET', path: '/api/v1/admin/organisations/:organisationId', params: idParams('organisationId') },
    success: { status: 200, description: 'The organisation.', schema: organisationViewSchema, present: organisationView },
    refusals: { not_found: notFound('organisation'), forbidden: forbidden('This operator key lacks organisation.settings.manage.') },
  }),
];
