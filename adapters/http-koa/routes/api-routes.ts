import { Type } from '@sinclair/typebox';
import { MAX_BOLO_LIST } from '../../../application/api/bolos.ts';
import { MAX_CALL_LIST } from '../../../application/api/calls.ts';
import type { Page } from '../../../application/api/keyset-pagination.ts';
import { MAX_UNIT_LIST } from '../../../application/api/list-units.ts';
import { RECORD_PAGE_LIMITS } from '../../../application/api/records.ts';
import { boloSummary } from '../../../domain/bolo/bolo-projections.ts';
import { BOLO_SCOPES, BOLO_SEVERITIES, BOLO_STATUSES } from '../../../domain/bolo/bolo-terms.ts';
import type { Bolo } from '../../../domain/bolo/bolo.ts';
import { API_SETTABLE_CALL_STATUSES, CALL_STATUSES } from '../../../domain/call/call-status.ts';
import type { Scope } from '../../../domain/credential/scope.ts';
import { WARRANT_STATUSES } from '../../../domain/records/warrant.ts';
import { MapPoint } from '../../../domain/shared/map-point.ts';
import type { CivilianId, DepartmentId, VehicleId } from '../../../domain/shared/ids.ts';
import { UNIT_STATUSES } from '../../../domain/unit/unit-status.ts';
import { HttpError } from '../error-catalogue.ts';
import {
  boloHitSchema,
  boloHitView,
  boloSummarySchema,
  callViewSchema,
  civilianViewSchema,
  pageSchema,
  vehicleViewSchema,
  warrantViewSchema,
} from '../presenters/api-views.ts';
import { callView } from '../presenters/call-views.ts';
import { civilianView, vehicleView, warrantView } from '../presenters/records-views.ts';
import { unitView, unitViewSchema } from '../presenters/roster-views.ts';
import { answer, invalid, notFound } from '../refusals.ts';
import { type Reply, type RouteSpec, created, ok, route } from '../route-spec.ts';
import { coordinate, defaulted, id, idParams, limit, oneOf, plate, text } from '../schemas.ts';
import type { JsonSchema } from '../validation.ts';

const tag = 'API';

/** Every API route checks exactly one scope, and only `generic_api_key` credentials pass. */
const needs = (scope: Scope) => ({ kind: 'credential', credential: 'generic_api_key', scope }) as const;

/**
 * Per credential and minute. The contract leaves API limits open (section 8); these keep one
 * misbehaving integration from starving the others (decision 0023).
 */
const reads = { bucket: 'api-read', perMinute: 600, per: 'credential' } as const;
const writes = { bucket: 'api-write', perMinute: 120, per: 'credential' } as const;

const cursor = Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The `nextCursor` of the previous page; opaque.' }));
const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

const noUnit = notFound('unit');
const noCall = notFound('call');
const noBolo = notFound('BOLO');
const noVehicle = notFound('vehicle');
const badCursor = () =>
  new HttpError('VALIDATION_FAILED', undefined, [
    { in: 'query', field: 'cursor', message: 'is not a cursor this list handed out for these filters' },
  ]);

const summaryAt = ({ bolo, now }: { bolo: Bolo; now: Date }) => boloSummary(bolo, now);

function pageView<Row, View>(page: Page<Row>, view: (row: Row) => View) {
  return ok({ items: page.items.map(view), nextCursor: page.nextCursor, hasMore: page.hasMore });
}

/** Section 4.4: external systems acting as the credential itself, gated by scopes only. */
export const apiRoutes: readonly RouteSpec[] = [
  route({
    operationId: 'listUnits',
    method: 'GET',
    path: '/api/v1/units',
    summary: "The organisation's units as a dispatcher sees them; all departments unless one is named.",
    tag,
    guard: needs('cad.unit.view'),
    rateLimit: reads,
    query: Type.Object({
      departmentId: Type.Optional(id<DepartmentId>()),
      isActive: Type.Optional(Type.Boolean()),
      limit: limit(MAX_UNIT_LIST, MAX_UNIT_LIST),
    }),
    responses: { 200: { description: 'A plain array of units.', schema: arrayOf(unitViewSchema) } },
    useCase: 'listUnits',
    handle: async ({ grant, query }, listUnits) => ok((await listUnits.execute({ grant, ...query })).map(unitView)),
  }),
  route({
    operationId: 'readUnit',
    method: 'GET',
    path: '/api/v1/units/:unitId',
    summary: 'One unit: status, callsign and current assignment.',
    tag,
    guard: needs('cad.unit.view'),
    rateLimit: reads,
    params: idParams('unitId'),
    responses: { 200: { description: 'The unit.', schema: unitViewSchema } },
    useCase: 'readUnit',
    handle: async ({ grant, params }, readUnit) =>
      answer(await readUnit.execute({ grant, unitId: params.unitId }), (unit) => ok(unitView(unit)), { not_found: noUnit }),
  }),
  route({
    operationId: 'setUnitStatus',
    method: 'PATCH',
    path: '/api/v1/units/:unitId/status',
    summary: 'Sets any of the six statuses; `OFF_DUTY` ends the unit’s assignment. `reason` is kept in the audit log.',
    tag,
    guard: needs('cad.unit.assign'),
    rateLimit: writes,
    params: idParams('unitId'),
    body: Type.Object({ status: oneOf(UNIT_STATUSES), reason: Type.Optional(text(500)) }),
    responses: { 200: { description: 'The unit as it now is.', schema: unitViewSchema } },
    useCase: 'setUnitStatus',
    handle: async ({ grant, params, body }, setUnitStatus) =>
      answer(
        await setUnitStatus.execute({ grant, unitId: params.unitId, status: body.status, reason: body.reason }),
        (unit) => ok(unitView(unit)),
        { not_found: noUnit },
      ),
  }),
  route({
    operationId: 'listCalls',
    method: 'GET',
    path: '/api/v1/cad/calls',
    summary: 'Calls, newest first; all departments unless one is named.',
    tag,
    guard: needs('cad.call.view'),
    rateLimit: reads,
    query: Type.Object({
      departmentId: Type.Optional(id<DepartmentId>()),
      status: Type.Optional(oneOf(CALL_STATUSES)),
      limit: limit(MAX_CALL_LIST, 100),
      offset: defaulted(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
    }),
    responses: { 200: { description: 'A plain array of calls.', schema: arrayOf(callViewSchema) } },
    useCase: 'listCalls',
    handle: async ({ grant, query }, listCalls) => ok((await listCalls.execute({ grant, ...query })).map(callView)),
  }),
  route({
    operationId: 'readApiCall',
    method: 'GET',
    path: '/api/v1/cad/calls/:callId',
    summary: 'A call with its timeline and the units assigned to it.',
    tag,
    guard: needs('cad.call.view'),
    rateLimit: reads,
    params: idParams('callId'),
    responses: {
      200: {
        description: 'The call, with `units`.',
        schema: { ...callViewSchema, properties: { ...(callViewSchema['properties'] as object), units: arrayOf(unitViewSchema) } },
      },
    },
    useCase: 'readCallForApi',
    handle: async ({ grant, params }, readCallForApi) =>
      answer(
        await readCallForApi.execute({ grant, callId: params.callId }),
        ({ call, units }) => ok({ ...callView(call), units: units.map(unitView) }),
        { not_found: noCall },
      ),
  }),
  route({
    operationId: 'setCallStatus',
    method: 'PATCH',
    path: '/api/v1/cad/calls/:callId/status',
    summary: 'Sets a call `PENDING` or `ACTIVE`; closing is the dispatcher’s.',
    tag,
    guard: needs('cad.call.update'),
    rateLimit: writes,
    params: idParams('callId'),
    body: Type.Object({ status: oneOf(API_SETTABLE_CALL_STATUSES) }),
    responses: { 200: { description: 'The call as it now is.', schema: callViewSchema } },
    useCase: 'setCallStatus',
    handle: async ({ grant, params, body }, setCallStatus) =>
      answer(await setCallStatus.execute({ grant, callId: params.callId, status: body.status }), (call) => ok(callView(call)), {
        not_found: noCall,
      }),
  }),
  route({
    operationId: 'listBolos',
    method: 'GET',
    path: '/api/v1/records/bolos',
    summary: 'BOLO summaries, newest first; without `status`, the active ones.',
    tag,
    guard: needs('records.bolo.view'),
    rateLimit: reads,
    query: Type.Object({
      status: Type.Optional(oneOf(BOLO_STATUSES)),
      issuingDepartmentId: Type.Optional(id<DepartmentId>()),
      limit: limit(MAX_BOLO_LIST, MAX_BOLO_LIST),
    }),
    responses: { 200: { description: 'A plain array of BOLO summaries.', schema: arrayOf(boloSummarySchema) } },
    useCase: 'listBolos',
    handle: async ({ grant, query }, listBolos) => {
      const { bolos, now } = await listBolos.execute({ grant, ...query });
      return ok(bolos.map((bolo) => boloSummary(bolo, now)));
    },
  }),
  route({
    operationId: 'readBolo',
    method: 'GET',
    path: '/api/v1/records/bolos/:boloId',
    summary: 'One BOLO, as a summary.',
    tag,
    guard: needs('records.bolo.view'),
    rateLimit: reads,
    params: idParams('boloId'),
    responses: { 200: { description: 'The BOLO summary.', schema: boloSummarySchema } },
    useCase: 'readBolo',
    handle: async ({ grant, params }, readBolo) =>
      answer(await readBolo.execute({ grant, boloId: params.boloId }), (read) => ok(summaryAt(read)), { not_found: noBolo }),
  }),
  route({
    operationId: 'createBolo',
    method: 'POST',
    path: '/api/v1/records/bolos',
    summary: 'Issues a BOLO about a civilian, a vehicle or both, in the name of one of the organisation’s departments.',
    tag,
    guard: needs('records.bolo.create'),
    rateLimit: writes,
    body: Type.Object({
      subjectCivilianId: Type.Optional(id<CivilianId>()),
      subjectVehicleId: Type.Optional(id<VehicleId>()),
      issuingDepartmentId: id<DepartmentId>(),
      severity: oneOf(BOLO_SEVERITIES),
      scope: oneOf(BOLO_SCOPES),
      subjectDescription: text(500),
      reason: text(500),
      narrative: Type.Optional(text(4000)),
      internalNotes: Type.Optional(text(4000)),
      expiresAt: Type.Optional(Type.String({ format: 'date-time' })),
    }),
    responses: { 201: { description: 'The new BOLO, `ISSUED`, as a summary.', schema: boloSummarySchema } },
    useCase: 'createBolo',
    handle: async ({ grant, body }, createBolo) =>
      answer(
        await createBolo.execute({
          ...body,
          grant,
          expiresAt: body.expiresAt === undefined ? undefined : new Date(body.expiresAt),
        }),
        (read) => created(summaryAt(read)),
        {
          no_subject: invalid('subjectCivilianId', 'name a subject: subjectCivilianId, subjectVehicleId or both'),
          unknown_department: invalid('issuingDepartmentId', 'names no department of this organisation'),
          unknown_civilian: invalid('subjectCivilianId', 'names no civilian of this organisation'),
          unknown_vehicle: invalid('subjectVehicleId', 'names no vehicle of this organisation'),
          expiry_passed: invalid('expiresAt', 'must be in the future'),
        },
      ),
  }),
  route({
    operationId: 'setBoloStatus',
    method: 'PATCH',
    path: '/api/v1/records/bolos/:boloId/status',
    summary: 'Sets any of the six BOLO statuses.',
    tag,
    guard: needs('records.bolo.manage'),
    rateLimit: writes,
    params: idParams('boloId'),
    body: Type.Object({ status: oneOf(BOLO_STATUSES) }),
    responses: { 200: { description: 'The BOLO summary as it now is.', schema: boloSummarySchema } },
    useCase: 'setBoloStatus',
    handle: async ({ grant, params, body }, setBoloStatus) =>
      answer(await setBoloStatus.execute({ grant, boloId: params.boloId, status: body.status }), (read) => ok(summaryAt(read)), {
        not_found: noBolo,
      }),
  }),
  route({
    operationId: 'reportBoloHit',
    method: 'POST',
    path: '/api/v1/records/bolos/:boloId/hits',
    summary:
      'A camera read the plate of the BOLO’s vehicle. Accepted for an active, vehicle-linked BOLO whose vehicle carries the plate (case and spaces ignored); the BOLO becomes `HIT_REPORTED`.',
    tag,
    guard: needs('records.bolo.manage'),
    rateLimit: writes,
    params: idParams('boloId'),
    body: Type.Object({
      plate,
      cameraId: text(128),
      cameraLabel: text(200),
      mapX: coordinate,
      mapY: coordinate,
      seenAt: Type.String({ format: 'date-time' }),
    }),
    responses: {
      201: {
        description: '`{ hit, bolo }`. Rejections are 409 `BOLO_HAS_NO_VEHICLE`, `BOLO_NOT_ACTIVE` or `PLATE_MISMATCH`, and write nothing.',
        schema: { type: 'object', required: ['hit', 'bolo'], properties: { hit: boloHitSchema, bolo: boloSummarySchema } },
      },
    },
    useCase: 'reportBoloHit',
    handle: async ({ grant, params, body }, reportBoloHit): Promise<Reply> =>
      answer(
        await reportBoloHit.execute({
          grant,
          boloId: params.boloId,
          sighting: {
            plate: body.plate,
            cameraId: body.cameraId,
            cameraLabel: body.cameraLabel,
            position: MapPoint.of(body.mapX, body.mapY),
            seenAt: new Date(body.seenAt),
          },
        }),
        ({ hit, ...read }) => created({ hit: boloHitView(hit), bolo: summaryAt(read) }),
        {
          not_found: noBolo,
          bolo_has_no_vehicle: () => new HttpError('BOLO_HAS_NO_VEHICLE'),
          bolo_not_active: () => new HttpError('BOLO_NOT_ACTIVE'),
          plate_mismatch: () => new HttpError('PLATE_MISMATCH'),
        },
      ),
  }),
  route({
    operationId: 'listBoloHits',
    method: 'GET',
    path: '/api/v1/records/bolos/:boloId/hits',
    summary: 'The BOLO’s camera sightings, newest first.',
    tag,
    guard: needs('records.bolo.view'),
    rateLimit: reads,
    params: idParams('boloId'),
    responses: { 200: { description: 'A plain array of hits.', schema: arrayOf(boloHitSchema) } },
    useCase: 'listBoloHits',
    handle: async ({ grant, params }, listBoloHits) =>
      answer(await listBoloHits.execute({ grant, boloId: params.boloId }), (hits) => ok(hits.map(boloHitView)), {
        not_found: noBolo,
      }),
  }),
  route({
    operationId: 'listVehicles',
    method: 'GET',
    path: '/api/v1/records/vehicles',
    summary: 'Vehicle registrations, oldest first, by plate (case and spaces ignored) or registered owner; cursor-paginated.',
    tag,
    guard: needs('records.vehicle.view'),
    rateLimit: reads,
    query: Type.Object({
      plate: Type.Optional(plate),
      registeredOwnerCivilianId: Type.Optional(id<CivilianId>()),
      cursor,
      limit: limit(RECORD_PAGE_LIMITS.vehicles.max, RECORD_PAGE_LIMITS.vehicles.default),
    }),
    responses: { 200: { description: 'A page of vehicles.', schema: pageSchema(vehicleViewSchema) } },
    useCase: 'searchVehicles',
    handle: async ({ grant, query }, searchVehicles) =>
      answer(
        await searchVehicles.execute({
          grant,
          plate: query.plate,
          ownerCivilianId: query.registeredOwnerCivilianId,
          cursor: query.cursor,
          limit: query.limit,
        }),
        (page) => pageView(page, vehicleView),
        { invalid_cursor: badCursor },
      ),
  }),
  route({
    operationId: 'readVehicle',
    method: 'GET',
    path: '/api/v1/records/vehicles/:vehicleId',
    summary: 'One vehicle registration, with its plate. The contract shows no scope; this route takes `records.vehicle.view`.',
    tag,
    guard: needs('records.vehicle.view'),
    rateLimit: reads,
    params: idParams('vehicleId'),
    responses: { 200: { description: 'The vehicle.', schema: vehicleViewSchema } },
    useCase: 'readVehicle',
    handle: async ({ grant, params }, readVehicle) =>
      answer(await readVehicle.execute({ grant, vehicleId: params.vehicleId }), (vehicle) => ok(vehicleView(vehicle)), {
        not_found: noVehicle,
      }),
  }),
  route({
    operationId: 'listCivilians',
    method: 'GET',
    path: '/api/v1/records/civilians',
    summary: 'Civilian records, oldest first. `q`: every word of it in the first or last name, ignoring case. Cursor-paginated.',
    tag,
    guard: needs('records.civilian.view'),
    rateLimit: reads,
    query: Type.Object({
      q: Type.Optional(text(100)),
      licenseStatus: Type.Optional(text(32)),
      cursor,
      limit: limit(RECORD_PAGE_LIMITS.civilians.max, RECORD_PAGE_LIMITS.civilians.default),
    }),
    responses: { 200: { description: 'A page of civilians.', schema: pageSchema(civilianViewSchema) } },
    useCase: 'searchCivilians',
    handle: async ({ grant, query }, searchCivilians) =>
      answer(await searchCivilians.execute({ grant, ...query }), (page) => pageView(page, civilianView), {
        invalid_cursor: badCursor,
      }),
  }),
  route({
    operationId: 'listWarrants',
    method: 'GET',
    path: '/api/v1/records/warrants',
    summary: 'Warrants, oldest first, by civilian and status; cursor-paginated.',
    tag,
    guard: needs('records.warrant.view'),
    rateLimit: reads,
    query: Type.Object({
      civilianId: Type.Optional(id<CivilianId>()),
      status: Type.Optional(oneOf(WARRANT_STATUSES)),
      cursor,
      limit: limit(RECORD_PAGE_LIMITS.warrants.max, RECORD_PAGE_LIMITS.warrants.default),
    }),
    responses: { 200: { description: 'A page of warrants.', schema: pageSchema(warrantViewSchema) } },
    useCase: 'searchWarrants',
    handle: async ({ grant, query }, searchWarrants) =>
      answer(await searchWarrants.execute({ grant, ...query }), (page) => pageView(page, warrantView), {
        invalid_cursor: badCursor,
      }),
  }),
];
