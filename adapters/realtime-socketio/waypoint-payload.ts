import type { SequencedAssignmentEvent } from '../../application/ports/waypoint-channel.ts';
import type { CallId, DepartmentId, UnitId } from '../../domain/shared/ids.ts';

/** The payload of the one wire event, `waypoint` (section 6 of the contract). */
export type WaypointEvent =
  | {
      readonly type: 'assignment.created' | 'assignment.updated';
      readonly seq: number;
      readonly emittedAt: string;
      readonly departmentId: DepartmentId;
      readonly callId: CallId;
      readonly callNumber: string;
      readonly unitId: UnitId;
      readonly unitLabel: string;
      readonly mapX: number | null;
      readonly mapY: number | null;
    }
  | {
      readonly type: 'assignment.removed';
      readonly seq: number;
      readonly emittedAt: string;
      readonly departmentId: DepartmentId;
      readonly callId: CallId;
      readonly unitId: UnitId;
      readonly unitLabel: string;
    };

/**
 * The wire payload of an assignment change: `assignment.removed` carries no coordinates and no call
 * number. `seq` is the one field beyond the contract's: the event's place in its department's sequence.
 */
export function waypointPayload(change: SequencedAssignmentEvent, emittedAt: Date): WaypointEvent {
  const common = {
    seq: change.seq,
    emittedAt: emittedAt.toISOString(),
    departmentId: change.departmentId,
    callId: change.callId,
    unitId: change.unitId,
    unitLabel: change.unitLabel,
  };
  if (change.type === 'assignment.removed') return { type: change.type, ...common };
  return { type: change.type, ...common, callNumber: change.callNumber, mapX: change.pin?.x ?? null, mapY: change.pin?.y ?? null };
}

/** An event as another instance sent it over the fan-out: the fields delivery relies on are there. */
export function isWaypointEvent(value: unknown): value is WaypointEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { seq, departmentId, type } = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(seq) &&
    (seq as number) > 0 &&
    typeof departmentId === 'string' &&
    (type === 'assignment.created' || type === 'assignment.updated' || type === 'assignment.removed')
  );
}
