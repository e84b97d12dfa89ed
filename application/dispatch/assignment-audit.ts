import type { Call } from '../../domain/call/call.ts';
import type { Unit, UnitAssignment } from '../../domain/unit/unit.ts';

/**
 * What the audit log keeps of an assignment, whether a dispatcher made it or the unit took the
 * call itself: the call, the unit, the pin, and the status the call was in before. That status is
 * where the move the assignment recorded started; an assignment that moved nothing found the call
 * where it still is. Call it once the assignment is made: it takes the call's recorded move.
 */
export function assignmentDetails(call: Call, unit: Unit, assignment: UnitAssignment) {
  const [moved] = call.events.take();
  const pin = assignment.pin === null ? null : { mapX: assignment.pin.x, mapY: assignment.pin.y };
  return { callNumber: call.number, unitId: unit.id, callStatusFrom: moved?.from ?? call.status, pin };
}
