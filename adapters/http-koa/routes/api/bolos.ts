import { Type } from '@sinclair/typebox';
import { MAX_BOLO_LIST } from '../../../../application/api/list-bolos.ts';
import { boloSummary } from '../../presenters/bolo-views.ts';
import { BOLO_SCOPES, BOLO_SEVERITIES, BOLO_STATUSES } from '../../../../domain/bolo/bolo-terms.ts';
import type { Bolo } from '../../../../domain/bolo/bolo.ts';
import type { CivilianId, DepartmentId, VehicleId } from '../../../../domain/shared/ids.ts';
import { MapPoint } from '../../../../domain/shared/map-point.ts';
import { accept } from '../../../../domain/shared/outcome.ts';
import { HttpError } from '../../error-catalogue.ts';
import { boloHitSchema, boloHitView, boloSummarySchema } from '../../presenters/api-views.ts';
import { invalid, notFound } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { coordinate, id, idParams, limit, oneOf, plate, text } from '../../schemas.ts';
import { listOf, listed } from '../answering.ts';
import { apiRoute } from './api-route.ts';

/** A BOLO as read at a moment: its summary says EXPIRED once past `expiresAt`. */
const summaryAt = ({ bolo, now }: { bolo: Bolo; now: Date }) => boloSummary(bolo, now);
const noBolo = { not_found: notFound('BOLO') };

const newBolo = Type.Object({
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
});

/** A BOLO names a civilian, a vehicle or both. */
const newBoloRules = { anyOf: [{ required: ['subjectCivilianId'] }, { required: ['subjectVehicleId'] }] };

const sighting = Type.Object({
  plate,
  cameraId: text(128),
  cameraLabel: text(200),
  mapX: coordinate,
  mapY: coordinate,
  seenAt: Type.String({ format: 'date-time' }),
});

/** BOLOs: listing and reading them, issuing one, setting its status, and the camera hits on its plate. */
export const boloRoutes: readonly RouteSpec[] = [
  apiRoute('listBolos', {
    summary: 'BOLO summaries, newest first; without `status`, the active ones.',
    request: {
      method: 'GET',
      path: '/api/v1/records/bolos',
      scope: 'records.bolo.view',
      query: Type.Object({
        status: Type.Optional(oneOf(BOLO_STATUSES)),
        issuingDepartmentId: Type.Optional(id<DepartmentId>()),
        limit: limit(MAX_BOLO_LIST, MAX_BOLO_LIST),
      }),
    },
    success: {
      status: 200,
      description: 'A plain array of BOLO summaries.',
      schema: listOf(boloSummarySchema),
      present: ({ bolos, now }) => bolos.map((bolo) => boloSummary(bolo, now)),
    },
    call: async (input, listBolos) => accept(await listBolos.execute(input)),
  }),
  apiRoute('readBolo', {
    summary: 'One BOLO, as a summary.',
    request: { method: 'GET', path: '/api/v1/records/bolos/:boloId', scope: 'records.bolo.view', params: idParams('boloId') },
    success: { status: 200, description: 'The BOLO summary.', schema: boloSummarySchema, present: summaryAt },
    refusals: noBolo,
  }),
  apiRoute('createBolo', {
    summary: 'Issues a BOLO about a civilian, a vehicle or both, in the name of one of the organisation’s departments.',
    request: { method: 'POST', path: '/api/v1/records/bolos', scope: 'records.bolo.create', body: newBolo, bodyRules: newBoloRules },
    success: { status: 201, description: 'The new BOLO, `ISSUED`, as a summary.', schema: boloSummarySchema, present: summaryAt },
    refusals: {
      no_subject: invalid('subjectCivilianId', 'name a subject: subjectCivilianId, subjectVehicleId or both'),
      unknown_department: invalid('issuingDepartmentId', 'names no department of this organisation'),
      unknown_civilian: invalid('subjectCivilianId', 'names no civilian of this organisation'),
      unknown_vehicle: invalid('subjectVehicleId', 'names no vehicle of this organisation'),
      expiry_passed: invalid('expiresAt', 'must be in the future'),
    },
    call: ({ expiresAt, ...input }, createBolo) =>
      createBolo.execute({ ...input, expiresAt: expiresAt === undefined ? undefined : new Date(expiresAt) }),
  }),
  apiRoute('setBoloStatus', {
    summary: 'Sets any of the six BOLO statuses.',
    request: {
      method: 'PATCH',
      path: '/api/v1/records/bolos/:boloId/status',
      scope: 'records.bolo.manage',
      params: idParams('boloId'),
      body: Type.Object({ status: oneOf(BOLO_STATUSES) }),
    },
    success: { status: 200, description: 'The BOLO summary as it now is.', schema: boloSummarySchema, present: summaryAt },
    refusals: noBolo,
  }),
  apiRoute('reportBoloHit', {
    summary:
      'A camera read the plate of the BOLO’s vehicle. Accepted for an active, vehicle-linked BOLO whose vehicle carries the plate (case and spaces ignored); the BOLO becomes `HIT_REPORTED`.',
    request: {
      method: 'POST',
      path: '/api/v1/records/bolos/:boloId/hits',
      scope: 'records.bolo.manage',
      params: idParams('boloId'),
      body: sighting,
    },
    success: {
      status: 201,
      description: '`{ hit, bolo }`. Rejections are 409 `BOLO_HAS_NO_VEHICLE`, `BOLO_NOT_ACTIVE` or `PLATE_MISMATCH`, and write nothing.',
      schema: { type: 'object', required: ['hit', 'bolo'], properties: { hit: boloHitSchema, bolo: boloSummarySchema } },
      present: ({ hit, ...read }) => ({ hit: boloHitView(hit), bolo: summaryAt(read) }),
    },
    refusals: {
      ...noBolo,
      bolo_has_no_vehicle: () => new HttpError('BOLO_HAS_NO_VEHICLE'),
      bolo_not_active: () => new HttpError('BOLO_NOT_ACTIVE'),
      plate_mismatch: () => new HttpError('PLATE_MISMATCH'),
    },
    call: ({ grant, boloId, mapX, mapY, seenAt, ...seen }, reportBoloHit) =>
      reportBoloHit.execute({ grant, boloId, sighting: { ...seen, position: MapPoint.of(mapX, mapY), seenAt: new Date(seenAt) } }),
  }),
  apiRoute('listBoloHits', {
    summary: 'The BOLO’s camera sightings, newest first.',
    request: { method: 'GET', path: '/api/v1/records/bolos/:boloId/hits', scope: 'records.bolo.view', params: idParams('boloId') },
    success: listed('hits', boloHitView, boloHitSchema),
    refusals: noBolo,
  }),
];
