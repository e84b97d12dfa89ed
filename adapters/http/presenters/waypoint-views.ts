import type { UnitAssignment } from '../../../domain/unit/unit.ts';

/**
 * `/waypoint`'s answer (section 4.3): the pin of the unit's assignment, or `hasWaypoint: false`
 * with why (`no_assignment`, `no_pin`, or the gate's refusal) and the call it is on, if any.
 */
export function waypointView(
  reading: { readonly ok: true; readonly value: UnitAssignment | null } | { readonly ok: false; readonly reason: string },
) {
  if (!reading.ok) return { hasWaypoint: false, reason: reading.reason, assignedCallId: null, assignedCallNumber: null };
  const assignment = reading.value;
  if (assignment === null) return { hasWaypoint: false, reason: 'no_assignment', assignedCallId: null, assignedCallNumber: null };
  const { callId, callNumber, pin } = assignment;
  if (pin === null) return { hasWaypoint: false, reason: 'no_pin', assignedCallId: callId, assignedCallNumber: callNumber };
  return { hasWaypoint: true, callId, callNumber, mapX: pin.x, mapY: pin.y };
}
