import type { Character } from '../../../domain/roster/character.ts';
import type { Unit } from '../../../domain/unit/unit.ts';

export function characterView(character: Character) {
  const { id, publicId, organisationId, firstName, lastName, dateOfBirth, status, ownerPersonId } = character.snapshot();
  return {
    characterId: id,
    characterPublicId: publicId,
    organisationId,
    displayName: character.displayName,
    firstName,
    lastName,
    dateOfBirth,
    status,
    ownerPersonId,
  };
}

/** The unit as a dispatcher sees it. */
export function unitView(unit: Unit) {
  const s = unit.snapshot();
  const assignment = s.assignment && {
    callId: s.assignment.callId,
    callNumber: s.assignment.callNumber,
    mapX: s.assignment.pin?.x ?? null,
    mapY: s.assignment.pin?.y ?? null,
    assignedAt: s.assignment.assignedAt.toISOString(),
  };
  return {
    unitId: s.id,
    unitLabel: unit.label,
    callsign: s.callsign,
    organisationId: s.organisationId,
    departmentId: s.departmentId,
    membershipId: s.membershipId,
    status: s.status,
    isActive: s.isActive,
    assignment,
    statusChangedAt: s.statusChangedAt.toISOString(),
  };
}

export const unitViewSchema = {
  type: 'object',
  required: ['unitId', 'unitLabel', 'departmentId', 'status', 'isActive', 'assignment'],
  properties: {
    unitId: { type: 'string', format: 'uuid' },
    unitLabel: { type: 'string', description: 'The callsign; empty when none is assigned.' },
    callsign: { type: ['string', 'null'] },
    organisationId: { type: 'string', format: 'uuid' },
    departmentId: { type: 'string', format: 'uuid' },
    membershipId: { type: 'string', format: 'uuid' },
    status: { enum: ['AVAILABLE', 'EN_ROUTE', 'ON_SCENE', 'BUSY', 'OUT_OF_SERVICE', 'OFF_DUTY'] },
    isActive: { type: 'boolean' },
    assignment: {
      type: ['object', 'null'],
      properties: {
        callId: { type: 'string', format: 'uuid' },
        callNumber: { type: 'string' },
        mapX: { type: ['number', 'null'] },
        mapY: { type: ['number', 'null'] },
        assignedAt: { type: 'string', format: 'date-time' },
      },
    },
    statusChangedAt: { type: 'string', format: 'date-time' },
  },
};
