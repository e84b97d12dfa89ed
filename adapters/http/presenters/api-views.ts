import type { BoloHit } from '../../../domain/bolo/bolo-hit.ts';
import { BOLO_SCOPES, BOLO_SEVERITIES, BOLO_STATUSES } from '../../../domain/bolo/bolo-terms.ts';
import { CALL_PRIORITIES, CALL_STATUSES } from '../../../domain/call/call-status.ts';
import { WARRANT_STATUSES } from '../../../domain/records/warrant.ts';
import type { JsonSchema } from '../validation.ts';
import { unitViewSchema } from './roster-views.ts';

/** The OpenAPI shapes of what API credentials read: the full dispatcher objects, BOLOs as summaries. */
const id = { type: 'string', format: 'uuid' } as const;
const nullableId = { type: ['string', 'null'], format: 'uuid' } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const coordinate = { type: ['number', 'null'] } as const;

const shape = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', required: Object.keys(properties), properties });

export const callViewSchema = shape({
  callId: id,
  callNumber: { type: 'string', description: 'e.g. C-26-000123' },
  organisationId: id,
  departmentId: id,
  status: { enum: [...CALL_STATUSES] },
  priority: { enum: [...CALL_PRIORITIES] },
  origin: { type: 'string', description: 'Where the call came from: panic, 911, dispatch.' },
  description: { type: 'string' },
  mapX: coordinate,
  mapY: coordinate,
  createdAt: time,
  closedAt: nullableTime,
  notes: {
    type: 'array',
    description: 'The timeline, oldest first.',
    items: shape({ eventId: id, text: { type: 'string' }, author: { type: 'object' }, at: time }),
  },
});

/** A call with the units assigned to it. */
export const callWithUnitsSchema: JsonSchema = {
  ...callViewSchema,
  required: [...(callViewSchema['required'] as string[]), 'units'],
  properties: { ...(callViewSchema['properties'] as object), units: { type: 'array', items: unitViewSchema } },
};

export const boloSummarySchema = shape({
  boloId: id,
  boloNumber: { type: 'string', description: 'e.g. B-26-000042' },
  status: { enum: [...BOLO_STATUSES], description: 'As read now: an active BOLO past `expiresAt` reads EXPIRED.' },
  severity: { enum: [...BOLO_SEVERITIES] },
  scope: { enum: [...BOLO_SCOPES] },
  issuingDepartmentId: id,
  subjectCivilianId: nullableId,
  subjectVehicleId: { ...nullableId, description: 'Fetch the vehicle for its plate; the summary carries none.' },
  subjectDescription: { type: 'string' },
  reason: { type: 'string' },
  expiresAt: nullableTime,
  createdAt: time,
  updatedAt: time,
});

export const boloHitSchema = shape({
  hitId: id,
  boloId: id,
  plate: { type: 'string', description: 'As the camera read it.' },
  cameraId: { type: 'string' },
  cameraLabel: { type: 'string' },
  mapX: { type: 'number' },
  mapY: { type: 'number' },
  seenAt: time,
  reportedAt: time,
});

export const vehicleViewSchema = shape({
  vehicleId: id,
  organisationId: id,
  plate: { type: 'string' },
  make: nullableText,
  model: nullableText,
  color: nullableText,
  registrationStatus: { type: 'string' },
  ownerCivilianId: nullableId,
});

export const civilianViewSchema = shape({
  civilianId: id,
  organisationId: id,
  firstName: { type: 'string' },
  lastName: { type: 'string' },
  dateOfBirth: { type: ['string', 'null'], format: 'date' },
  licenseStatus: { type: 'string' },
});

export const warrantViewSchema = shape({
  warrantId: id,
  organisationId: id,
  civilianId: id,
  status: { enum: [...WARRANT_STATUSES] },
  description: nullableText,
  createdAt: time,
});

/** A page of a cursor-paginated list. */
export function pageSchema(items: JsonSchema): JsonSchema {
  return shape({
    items: { type: 'array', items },
    nextCursor: { type: ['string', 'null'], description: 'Opaque; pass it as `cursor` for the next page. Null on the last page.' },
    hasMore: { type: 'boolean' },
  });
}

export function boloHitView(hit: BoloHit) {
  return {
    hitId: hit.id,
    boloId: hit.boloId,
    plate: hit.plate,
    cameraId: hit.cameraId,
    cameraLabel: hit.cameraLabel,
    mapX: hit.position.x,
    mapY: hit.position.y,
    seenAt: hit.seenAt.toISOString(),
    reportedAt: hit.reportedAt.toISOString(),
  };
}
