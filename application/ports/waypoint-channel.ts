import type { CallId, DepartmentId, OrganisationId, UnitId } from '../../domain/shared/ids.ts';

/** The payload of the one wire event, `waypoint` (section 6 of the contract). */
export type WaypointEvent =
  | {
      readonly type: 'assignment.created' | 'assignment.updated';
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
      readonly emittedAt: string;
      readonly departmentId: DepartmentId;
      readonly callId: CallId;
      readonly unitId: UnitId;
      readonly unitLabel: string;
    };

/**
 * Pushes waypoint events to the game resources connected for one department of one
 * organisation. Called only after the write that caused the event has committed.
 */
export interface WaypointChannel {
  publish(organisationId: OrganisationId, event: WaypointEvent): void;
}
