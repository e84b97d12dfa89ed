import { Type } from '@sinclair/typebox';
import { civilianViewSchema, vehicleViewSchema, warrantViewSchema } from '../../presenters/api-views.ts';
import { WARRANT_STATUSES } from '../../../../domain/records/warrant.ts';
import type { CivilianId } from '../../../../domain/shared/ids.ts';
import { civilianView, vehicleView, warrantView } from '../../presenters/records-views.ts';
import { conflict, forbidden, invalid, notFound } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { dateOfBirth, enumOf, id, idParams, label, nullable, plate, text } from '../../schemas.ts';
import { operatorRouteFor } from './operator-route.ts';
import { pageQuery, pageRefusals, paged } from './operator-pages.ts';

/** Civilians, vehicles, warrants, releases, the audit log and presence share one tag in the document. */
export const recordsTag = 'admin: records';
const recordRoute = operatorRouteFor({ tag: recordsTag, permission: 'records.manage' });
/** The organisation the record is kept in: an unknown one or one out of reach, and a key without the permission. */
const refusedFor = { not_found: notFound('organisation'), forbidden: forbidden('This operator key lacks records.manage.') };
const organisationId = idParams('organisationId');

const civilian = Type.Object({ firstName: label(60), lastName: label(60), dateOfBirth, licenseStatus: Type.Optional(text(32)) });

const vehicle = Type.Object({
  plate,
  make: Type.Optional(nullable(label(60))),
  model: Type.Optional(nullable(label(60))),
  color: Type.Optional(nullable(label(40))),
  ownerCivilianId: Type.Optional(nullable(id<CivilianId>())),
  registrationStatus: Type.Optional(text(32)),
});

const warrant = Type.Object({
  civilianId: id<CivilianId>(),
  status: enumOf(WARRANT_STATUSES),
  description: Type.Optional(nullable(text(2000))),
});

/** Records an operator keeps by hand: civilians, registered vehicles and warrants. */
export const recordRoutes: readonly RouteSpec[] = [
  recordRoute('listCivilianRecords', {
    summary:
      "The organisation's civilian records, oldest first; `q` keeps those with every word of it in the first or last name, ignoring case. Cursor-paginated.",
    request: {
      method: 'GET',
      path: '/api/v1/admin/organisations/:organisationId/civilians',
      params: organisationId,
      query: Type.Object({ q: Type.Optional(text(100)), ...pageQuery.properties }),
    },
    success: paged(civilianView, 'A page of civilians.'),
    refusals: pageRefusals('records.manage'),
  }),
  recordRoute('createCivilian', {
    summary: 'Adds a civilian to the records.',
    request: { method: 'POST', path: '/api/v1/admin/organisations/:organisationId/civilians', params: organisationId, body: civilian },
    success: { status: 201, description: 'The civilian, with its `civilianId`.', schema: civilianViewSchema, present: civilianView },
    refusals: { ...refusedFor, invalid_date_of_birth: invalid('dateOfBirth', 'is not a real YYYY-MM-DD date') },
  }),
  recordRoute('registerVehicle', {
    summary: 'Registers a vehicle; a plate is registered once per organisation (case and spaces ignored).',
    request: { method: 'POST', path: '/api/v1/admin/organisations/:organisationId/vehicles', params: organisationId, body: vehicle },
    success: { status: 201, description: 'The vehicle, with its `vehicleId`.', schema: vehicleViewSchema, present: vehicleView },
    refusals: {
      ...refusedFor,
      invalid_plate: invalid('plate', 'must be 1 to 16 letters, digits or dashes (spaces are ignored)'),
      plate_taken: conflict('A vehicle with that plate is already registered.'),
      unknown_civilian: invalid('ownerCivilianId', 'is not a civilian of this organisation'),
    },
  }),
  recordRoute('issueWarrant', {
    summary: 'Records a warrant against a civilian.',
    request: { method: 'POST', path: '/api/v1/admin/organisations/:organisationId/warrants', params: organisationId, body: warrant },
    success: { status: 201, description: 'The warrant, with its `warrantId`.', schema: warrantViewSchema, present: warrantView },
    refusals: { ...refusedFor, unknown_civilian: invalid('civilianId', 'is not a civilian of this organisation') },
  }),
];
