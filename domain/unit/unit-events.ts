import type { CallId, DepartmentId, OrganisationId, UnitId } from '../shared/ids.ts';
import type { MapPoint } from '../shared/map-point.ts';
import type { UnitStatus } from './unit-status.ts';

interface UnitFacts {
  readonly organisationId: OrganisationId;
  readonly departmentId: DepartmentId;
  readonly unitId: UnitId;
  readonly unitLabel: string;
  readonly at: Date;
}

export interface UnitStatusChanged extends UnitFacts {
  readonly type: 'unit.status_changed';
  readonly from: UnitStatus;
  readonly to: UnitStatus;
}

/** An assignment began, or its pin moved. These are what the waypoint channel carries. */
export interface AssignmentChanged extends UnitFacts {
  readonly type: 'assignment.created' | 'assignment.updated';
  readonly callId: CallId;
  readonly callNumber: string;
  readonly pin: MapPoint | null;
}

export interface AssignmentRemoved extends UnitFacts {
  readonly type: 'assignment.removed';
  readonly callId: CallId;
}

export type UnitEvent = UnitStatusChanged | AssignmentChanged | AssignmentRemoved;

export function isStatusChange(event: UnitEvent): event is UnitStatusChanged {
  return event.type === 'unit.status_changed';
}
