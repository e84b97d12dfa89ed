import { Type } from '@sinclair/typebox';
import { civilianViewSchema, vehicleViewSchema, warrantViewSchema } from '../../presenters/api-views.ts';
import { WARRANT_STATUSES } from '../../../../domain/records/warrant.ts';
import type { CivilianId } from '../../../../domain/shared/ids.ts';
import { conflict, forbidden, invalid, notFound, nothingToChange } from '../../refusals.ts';
import { civilianView, vehicleView, warrantView } from '../../presenters/records-views.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { dateOfBirth, enumOf, id, idParams, label, nullable, oneOf, plate, text } from '../../schemas.ts';
import { operatorRouteFor } from './operator-route.ts';
import { pageQuery, pageRefusals, paged } from './operator-pages.ts';

/** Civilians, vehicles, warrants, releases, the audit log and presence share one tag in the document. */
export const recordsTag = 'admin: records';
const recordRoute = operatorRouteFor({ tag: recordsTag, permission: 'records.manage' });
/** The organisation the record is kept in: an unknown one or one out of reach, and a key without the permission. */
const refusedFor = { not_found: notFound('organisation'), forbidden: forbidden('This operator key lacks records.manage.') };
const organisationId = idParams('organisationId');
/** A record of the organisation, or of another (not found, as if it did not exist). */
const recordIn = (kind: 'civilian' | 'vehicle' | 'warrant') => ({
  ...refusedFor,
  not_found: notFound(kind),
  nothing_to_change: nothingToChange,
});

const civilian = Type.Object({ firstName: label(60), lastName: label(60), dateOfBirth, licenseStatus: Type.Optional(text(32)) });

/** What a registration says besides its plate: details (null: unknown), the owner (null: none) and its status. */
const registration = {
  make: Type.Optional(nullable(label(60))),
  model: Type.Optional(nullable(label(60))),
  color: Type.Optional(nullable(label(40))),
  ownerCivilianId: Type.Optional(nullable(id<CivilianId>())),
  registrationStatus: Type.Optional(text(32)),
};

const vehicle = Type.Object({ plate, ...registration });

/** A civilian's correction: any of the fields, at least one. */
const civilianChange = Type.Object(
  {
    firstName: Type.Optional(label(60)),
    lastName: Type.Optional(label(60)),
    dateOfBirth: Type.Optional(nullable(dateOfBirth)),
    licenseStatus: Type.Optional(text(32)),
  },
  { minProperties: 1 },
);

/** A registration's correction: any of its fields, at least one; never the plate. */
const vehicleChange = Type.Object(registration, { minProperties: 1 });

const warrantChange = Type.Object(
  { status: Type.Optional(enumOf(WARRANT_STATUSES)), description: Type.Optional(nullable(text(2000))) },
  { minProperties: 1 },
);

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
  recordRoute('updateCivilian', {
    summary:
      "Corrects a civilian's names or date of birth (null: none known), or sets the licence status. A record a player's character claimed keeps its character's name (409).",
    request: {
      method: 'PATCH',
      path: '/api/v1/admin/organisations/:organisationId/civilians/:civilianId',
      params: idParams('organisationId', 'civilianId'),
      body: civilianChange,
    },
    success: { status: 200, description: 'The civilian as it now is.', schema: civilianViewSchema, present: civilianView },
    refusals: {
      ...recordIn('civilian'),
      invalid_date_of_birth: invalid('dateOfBirth', 'is not a real YYYY-MM-DD date'),
      claimed_record: conflict("A player's character claimed this civilian: its name is the character's."),
    },
  }),
  recordRoute('listVehicleRecords', {
    summary:
      "The organisation's registered vehicles, oldest first; `q` keeps those with every word of it in the plate (spaces aside), make, model or colour, ignoring case. Cursor-paginated.",
    request: {
      method: 'GET',
      path: '/api/v1/admin/organisations/:organisationId/vehicles',
      params: organisationId,
      query: Type.Object({ q: Type.Optional(text(100)), ...pageQuery.properties }),
    },
    success: paged(vehicleView, 'A page of vehicles.', vehicleViewSchema),
    refusals: pageRefusals('records.manage'),
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
  recordRoute('updateVehicle', {
    summary:
      "Corrects a registration's make, model or colour (null clears one), gives it another registered owner (null: none), or sets its status (`STOLEN`, `VALID`, ...). The plate stays.",
    request: {
      method: 'PATCH',
      path: '/api/v1/admin/organisations/:organisationId/vehicles/:vehicleId',
      params: idParams('organisationId', 'vehicleId'),
      body: vehicleChange,
    },
    success: { status: 200, description: 'The vehicle as it now is.', schema: vehicleViewSchema, present: vehicleView },
    refusals: { ...recordIn('vehicle'), unknown_civilian: invalid('ownerCivilianId', 'is not a civilian of this organisation') },
  }),
  recordRoute('listWarrantRecords', {
    summary: "The organisation's warrants, oldest first, by `status` and wanted `civilianId`. Cursor-paginated.",
    request: {
      method: 'GET',
      path: '/api/v1/admin/organisations/:organisationId/warrants',
      params: organisationId,
      query: Type.Object({
        status: Type.Optional(oneOf(WARRANT_STATUSES)),
        civilianId: Type.Optional(id<CivilianId>()),
        ...pageQuery.properties,
      }),
    },
    success: paged(warrantView, 'A page of warrants.', warrantViewSchema),
    refusals: pageRefusals('records.manage'),
  }),
  recordRoute('issueWarrant', {
    summary: 'Records a warrant against a civilian.',
    request: { method: 'POST', path: '/api/v1/admin/organisations/:organisationId/warrants', params: organisationId, body: warrant },
    success: { status: 201, description: 'The warrant, with its `warrantId`.', schema: warrantViewSchema, present: warrantView },
    refusals: { ...refusedFor, unknown_civilian: invalid('civilianId', 'is not a civilian of this organisation') },
  }),
  recordRoute('updateWarrant', {
    summary:
      'Marks a warrant `SERVED` or `RECALLED` (from `ACTIVE`), or `ACTIVE` again after a recall; a served warrant stays served (409). Or rewrites its description (null clears it).',
    request: {
      method: 'PATCH',
      path: '/api/v1/admin/organisations/:organisationId/warrants/:warrantId',
      params: idParams('organisationId', 'warrantId'),
      body: warrantChange,
    },
    success: { status: 200, description: 'The warrant as it now is.', schema: warrantViewSchema, present: warrantView },
    refusals: {
      ...recordIn('warrant'),
      invalid_transition: conflict(
        'A warrant goes from ACTIVE to SERVED or RECALLED, and from RECALLED back to ACTIVE; a served warrant stays served.',
      ),
    },
  }),
];
