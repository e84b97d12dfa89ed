import { Type } from '@sinclair/typebox';
import { boloSummaryAsRead } from '../../presenters/bolo-views.ts';
import { BOLO_SCOPES, BOLO_SEVERITIES } from '../../../../domain/bolo/bolo-terms.ts';
import type { CivilianId, DepartmentId, VehicleId } from '../../../../domain/shared/ids.ts';
import { MapPoint } from '../../../../domain/shared/map-point.ts';
import { HttpError } from '../../error-catalogue.ts';
import { boloHitSchema, boloHitView, boloSummarySchema } from '../../presenters/api-views.ts';
import { invalid, notFound } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { coordinate, id, idParams, label, oneOf, plate, text } from '../../schemas.ts';
import { listed } from '../answering.ts';
import { apiRoute } from './api-route.ts';
import { bolo } from './status-records.ts';

const noBolo = { not_found: notFound(bolo.noun) };

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
  cameraLabel: label(200),
  mapX: coordinate,
  mapY: coordinate,
  seenAt: Type.String({ format: 'date-time' }),
});

/** BOLOs beyond their status record: issuing one, and the camera hits on its plate. */
export const boloRoutes: readonly RouteSpec[] = [
  apiRoute('createBolo', {
    summary: 'Issues a BOLO about a civilian, a vehicle or both, in the name of one of the organisation’s departments.',
    request: { method: 'POST', path: bolo.path, scope: 'records.bolo.create', body: newBolo, bodyRules: newBoloRules },
    success: { status: 201, description: 'The new BOLO, `ISSUED`, as a summary.', schema: boloSummarySchema, present: boloSummaryAsRead },
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
      present: ({ hit, ...read }) => ({ hit: boloHitView(hit), bolo: boloSummaryAsRead(read) }),
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
