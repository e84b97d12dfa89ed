import type { Call } from '../../../domain/call/call.ts';
import type { Unit } from '../../../domain/unit/unit.ts';
import type { MdtAssignment } from '../../../application/mdt/read-mdt-assignment.ts';
import type { MdtSelf } from '../../../application/mdt/read-mdt-self.ts';
import type { JsonSchema } from '../validation.ts';

/** What the MDT shows: what a driving officer needs, in the fewest fields, never a domain object. */
const id = { type: 'string', format: 'uuid' } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const coordinate = { type: ['number', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;
const shape = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', required: Object.keys(properties), properties });
/** Who wrote a note, as every officer may read it: what kind of author and its label, no id. */
const noteAuthorSchema = shape({ kind: { type: 'string', enum: ['unit', 'credential', 'operator', 'person'] }, label: text });

/** A unit as another officer sees it on a call, or the officer's own. */
function mdtUnitView(unit: Unit) {
  return { unitId: unit.id, unitLabel: unit.label, callsign: unit.callsign, status: unit.status };
}
const mdtUnitSchema = shape({ unitId: id, unitLabel: text, callsign: nullableText, status: text });

export function mdtSelfView(self: MdtSelf) {
  return {
    characterPublicId: self.character.publicId,
    characterName: self.character.displayName,
    departmentId: self.department?.id ?? null,
    departmentName: self.department?.snapshot().name ?? null,
    unit: self.unit === null ? null : mdtUnitView(self.unit),
    tier: self.tier,
  };
}
export const mdtSelfSchema = shape({
  characterPublicId: text,
  characterName: text,
  departmentId: { type: ['string', 'null'], format: 'uuid' },
  departmentName: nullableText,
  unit: { oneOf: [{ type: 'null' }, mdtUnitSchema] },
  tier: { enum: ['full', 'basic'], description: 'As judged on this request: `basic` is read-only.' },
});

/** An open call in the department's list. */
export function mdtCallSummary(call: Call) {
  const s = call.snapshot();
  return {
    callId: s.id,
    callNumber: s.number,
    status: s.status,
    priority: s.priority,
    description: s.description,
    mapX: s.location?.x ?? null,
    mapY: s.location?.y ?? null,
    createdAt: s.createdAt.toISOString(),
  };
}
const callSummarySchema = shape({
  callId: id,
  callNumber: text,
  status: text,
  priority: text,
  description: text,
  mapX: coordinate,
  mapY: coordinate,
  createdAt: time,
});
export const mdtCallListSchema = shape({ calls: { type: 'array', items: callSummarySchema } });

/** The officer's call: the summary, the pin the unit was sent to, the timeline and the units on it. */
export function mdtAssignmentView(assignment: MdtAssignment | null, own: Unit | null) {
  if (assignment === null) return { assignment: null };
  const pin = own?.assignment?.pin ?? null;
  return {
    assignment: {
      ...mdtCallSummary(assignment.call),
      pinX: pin?.x ?? null,
      pinY: pin?.y ?? null,
      // The author as the dispatch channel shows it: kind and label, never a credential's or an operator key's id.
      notes: assignment.call.snapshot().notes.map((n) => ({
        eventId: n.eventId,
        text: n.text,
        author: { kind: n.author.kind, label: n.author.label },
        at: n.at.toISOString(),
      })),
      units: assignment.units.map(mdtUnitView),
    },
  };
}
export const mdtAssignmentSchema = shape({
  assignment: {
    oneOf: [
      { type: 'null' },
      shape({
        ...(callSummarySchema['properties'] as Record<string, JsonSchema>),
        pinX: coordinate,
        pinY: coordinate,
        notes: {
          type: 'array',
          description: 'The timeline, oldest first.',
          items: shape({ eventId: id, text, author: noteAuthorSchema, at: time }),
        },
        units: { type: 'array', items: mdtUnitSchema },
      }),
    ],
  },
});
