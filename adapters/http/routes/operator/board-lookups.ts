import { Type } from '@sinclair/typebox';
import type { VehicleFound } from '../../../../application/bridge/lookup-vehicle.ts';
import type { Civilian } from '../../../../domain/records/civilian.ts';
import { shape } from '../../presenters/operator-view-schemas.ts';
import { personMatchView, vehicleLookupView } from '../../presenters/records-views.ts';
import { forbidden, invalid, notFound } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import type { JsonSchema } from '../../validation.ts';
import { idParams, label, plate } from '../../schemas.ts';
import { operatorRouteFor } from './operator-route.ts';

/** Look-ups from the dispatch board: whoever may watch it (`dispatch.view`) reads the records an on-duty officer reads. */
const lookupRoute = operatorRouteFor({ tag: 'admin: dispatch', permission: 'dispatch.view' });
const refusedFor = { not_found: notFound('organisation'), forbidden: forbidden('This operator key lacks dispatch.view.') };

const nullableString: JsonSchema = { type: ['string', 'null'] };
const vehicleSchema = shape({
  plate: { type: 'string' },
  make: nullableString,
  model: nullableString,
  color: nullableString,
  registrationStatus: { type: 'string' },
  ownerCivilianId: { type: ['string', 'null'], format: 'uuid' },
  ownerDisplayName: nullableString,
});
const personSchema = shape({
  civilianId: { type: 'string', format: 'uuid' },
  firstName: { type: 'string' },
  lastName: { type: 'string' },
  dateOfBirth: { type: ['string', 'null'], format: 'date' },
  licenseStatus: { type: 'string' },
});

export const boardLookupRoutes: readonly RouteSpec[] = [
  lookupRoute('lookUpPlateForDispatch', {
    summary: 'Runs a plate as an officer’s `/lookup/vehicle` does (case and spaces ignored): the registration and its owner’s name.',
    request: {
      method: 'GET',
      path: '/api/v1/admin/organisations/:organisationId/lookup/vehicle',
      params: idParams('organisationId'),
      query: Type.Object({ plate }),
    },
    success: {
      status: 200,
      description: 'The vehicle with that plate, or `vehicle: null` when no record has it.',
      schema: shape({ vehicle: { ...vehicleSchema, type: ['object', 'null'] } }),
      present: (found: VehicleFound | null) => ({ vehicle: found === null ? null : vehicleLookupView(found) }),
    },
    refusals: { ...refusedFor, invalid_plate: invalid('plate', 'must be 1 to 16 letters, digits or dashes (spaces are ignored)') },
  }),
  lookupRoute('lookUpPersonForDispatch', {
    summary: 'Finds civilians by exact name (case and spacing aside), at most 10, as an officer’s `/lookup/person` does.',
    request: {
      method: 'GET',
      path: '/api/v1/admin/organisations/:organisationId/lookup/person',
      params: idParams('organisationId'),
      query: Type.Object({ firstName: label(60), lastName: label(60) }),
    },
    success: {
      status: 200,
      description: 'The civilians with that name; an empty list when no record has it.',
      schema: shape({ matches: { type: 'array', items: personSchema } }),
      present: (found: readonly Civilian[]) => ({ matches: found.map(personMatchView) }),
    },
    refusals: refusedFor,
  }),
];
