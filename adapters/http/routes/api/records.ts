import { type TProperties, Type } from '@sinclair/typebox';
import type { Page } from '../../../../application/api/keyset-pagination.ts';
import { RECORD_PAGE_LIMITS } from '../../../../application/api/record-paging.ts';
import { WARRANT_STATUSES } from '../../../../domain/records/warrant.ts';
import type { CivilianId } from '../../../../domain/shared/ids.ts';
import { HttpError } from '../../error-catalogue.ts';
import { civilianViewSchema, pageSchema, vehicleViewSchema, warrantViewSchema } from '../../presenters/api-views.ts';
import { civilianView, vehicleView, warrantView } from '../../presenters/records-views.ts';
import { notFound } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import type { JsonSchema } from '../../validation.ts';
import { id, idParams, limit, oneOf, plate, text } from '../../schemas.ts';
import { apiRoute } from './api-route.ts';

/** A page of one list of records: its own filters, then where the last page ended and how many to take. */
const pageQuery = <Filters extends TProperties>(list: keyof typeof RECORD_PAGE_LIMITS, filters: Filters) =>
  Type.Object({
    ...filters,
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The `nextCursor` of the previous page; opaque.' })),
    limit: limit(RECORD_PAGE_LIMITS[list].max, RECORD_PAGE_LIMITS[list].default),
  });

/** A page of rows, each as its view, in the document's shape of a page. */
const page = <Row, View>(view: (row: Row) => View, itemSchema: JsonSchema, description: string) => ({
  status: 200 as const,
  description,
  schema: pageSchema(itemSchema),
  present: ({ items, nextCursor, hasMore }: Page<Row>) => ({ items: items.map(view), nextCursor, hasMore }),
});

/** A cursor this list did not hand out is the caller's error. */
const badCursor = {
  invalid_cursor: () =>
    new HttpError('VALIDATION_FAILED', undefined, [
      { in: 'query', field: 'cursor', message: 'is not a cursor this list handed out for these filters' },
    ]),
};

/** Records: vehicles, civilians and warrants, a page at a time, and one vehicle by id. */
export const recordRoutes: readonly RouteSpec[] = [
  apiRoute('searchVehicles', {
    operationId: 'listVehicles',
    summary: 'Vehicle registrations, oldest first, by plate (case and spaces ignored) or registered owner; cursor-paginated.',
    request: {
      method: 'GET',
      path: '/api/v1/records/vehicles',
      scope: 'records.vehicle.view',
      query: pageQuery('vehicles', { plate: Type.Optional(plate), registeredOwnerCivilianId: Type.Optional(id<CivilianId>()) }),
    },
    success: page(vehicleView, vehicleViewSchema, 'A page of vehicles.'),
    refusals: badCursor,
    call: ({ registeredOwnerCivilianId, ...input }, searchVehicles) =>
      searchVehicles.execute({ ...input, ownerCivilianId: registeredOwnerCivilianId }),
  }),
  apiRoute('readVehicle', {
    summary: 'One vehicle registration, with its plate. The contract shows no scope; this route takes `records.vehicle.view`.',
    request: { method: 'GET', path: '/api/v1/records/vehicles/:vehicleId', scope: 'records.vehicle.view', params: idParams('vehicleId') },
    success: { status: 200, description: 'The vehicle.', schema: vehicleViewSchema, present: vehicleView },
    refusals: { not_found: notFound('vehicle') },
  }),
  apiRoute('searchCivilians', {
    operationId: 'listCivilians',
    summary: 'Civilian records, oldest first. `q`: every word of it in the first or last name, ignoring case. Cursor-paginated.',
    request: {
      method: 'GET',
      path: '/api/v1/records/civilians',
      scope: 'records.civilian.view',
      query: pageQuery('civilians', { q: Type.Optional(text(100)), licenseStatus: Type.Optional(text(32)) }),
    },
    success: page(civilianView, civilianViewSchema, 'A page of civilians.'),
    refusals: badCursor,
  }),
  apiRoute('searchWarrants', {
    operationId: 'listWarrants',
    summary: 'Warrants, oldest first, by civilian and status; cursor-paginated.',
    request: {
      method: 'GET',
      path: '/api/v1/records/warrants',
      scope: 'records.warrant.view',
      query: pageQuery('warrants', { civilianId: Type.Optional(id<CivilianId>()), status: Type.Optional(oneOf(WARRANT_STATUSES)) }),
    },
    success: page(warrantView, warrantViewSchema, 'A page of warrants.'),
    refusals: badCursor,
  }),
];
