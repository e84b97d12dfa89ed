import { BOLO_SEVERITIES } from '../../../../domain/bolo/bolo-terms.ts';
import { CALL_STATUSES } from '../../../../domain/call/call-status.ts';
import { UNIT_STATUSES } from '../../../../domain/unit/unit-status.ts';
import type { JsonSchema } from '../../validation.ts';

/**
 * The schemas of what bridge answers carry, by field name: a field means the same thing on every
 * route that carries it (section 4.1), so one dictionary describes them all.
 */
const id: JsonSchema = { type: 'string', format: 'uuid' };
const string: JsonSchema = { type: 'string' };
const nullableString: JsonSchema = { type: ['string', 'null'] };
const object = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', required: Object.keys(properties), properties });
const unitStatus: JsonSchema = { enum: [...UNIT_STATUSES] };

export const CARRIED_FIELDS: Readonly<Record<string, JsonSchema>> = {
  characterPublicId: string,
  displayName: string,
  unitId: id,
  status: { type: 'string', description: 'The unit’s status (`/duty`) or the BOLO’s (`/bolo/{boloId}/resolve`).' },
  vehicle: object({
    plate: string,
    make: nullableString,
    model: nullableString,
    color: nullableString,
    registrationStatus: string,
    ownerCivilianId: { type: ['string', 'null'], format: 'uuid' },
    ownerDisplayName: nullableString,
  }),
  matches: {
    type: 'array',
    description: 'Civilians (`/lookup/person`) or active BOLOs (`/bolo-check`).',
    items: {
      anyOf: [
        object({
          civilianId: id,
          firstName: string,
          lastName: string,
          dateOfBirth: { type: ['string', 'null'], format: 'date' },
          licenseStatus: string,
        }),
        object({
          boloId: id,
          boloNumber: string,
          severity: { enum: [...BOLO_SEVERITIES] },
          subjectDescription: nullableString,
          reason: string,
        }),
      ],
    },
  },
  hasActiveWarrant: { type: 'boolean' },
  civilianId: id,
  boloId: id,
  boloNumber: string,
  citationId: id,
  citationNumber: string,
  arrestId: id,
  arrestNumber: string,
  created: { type: 'boolean' },
  vehicleId: id,
  callId: id,
  callNumber: string,
  callStatus: { enum: [...CALL_STATUSES] },
  unitStatus,
  eventId: id,
  token: { type: 'string', description: 'Single use, valid 120 s.' },
  expiresAt: { type: 'string', format: 'date-time' },
  tier: { enum: ['full', 'basic'] },
};

/** The schema of a flag answer: the flag `true` with what it carries, or `false` with one of the refusals. */
export function flagAnswerSchema(flag: string, carries: readonly string[] | string, refusals: readonly string[]): JsonSchema {
  const fields = typeof carries === 'string' ? [carries] : carries;
  const carried: Record<string, JsonSchema> = { [flag]: { const: true } };
  for (const field of fields) {
    const schema = CARRIED_FIELDS[field];
    if (schema === undefined) throw new Error(`The bridge answer field ${field} has no schema.`);
    carried[field] = schema;
  }
  const accepted = object(carried);
  if (refusals.length === 0) return accepted;
  return { oneOf: [accepted, object({ [flag]: { const: false }, reason: { enum: [...refusals] } })] };
}

/** `/waypoint`'s answer: a pin, or why there is none and the call the unit is on, if any. */
export const waypointAnswerSchema: JsonSchema = {
  oneOf: [
    object({ hasWaypoint: { const: true }, callId: id, callNumber: string, mapX: { type: 'number' }, mapY: { type: 'number' } }),
    object({
      hasWaypoint: { const: false },
      reason: { enum: ['not_linked', 'not_on_duty', 'no_assignment', 'no_pin'] },
      assignedCallId: { type: ['string', 'null'], format: 'uuid' },
      assignedCallNumber: nullableString,
    }),
  ],
};

export const presenceAnswerSchema: JsonSchema = object({ acknowledged: { const: true } });

export const releaseAnswerSchema: JsonSchema = {
  oneOf: [
    object({
      found: { const: true },
      resourceSlug: string,
      latestVersion: string,
      updateAvailable: { type: 'boolean' },
      manifest: { type: 'object' },
    }),
    object({ found: { const: false }, resourceSlug: string }),
  ],
};
