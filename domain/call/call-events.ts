import type { CallId, DepartmentId, OrganisationId } from '../shared/ids.ts';
import type { CallStatus } from './call-status.ts';

/** The call's status moved: taken by the first assignment, set by an API credential, or closed. */
export interface CallStatusChanged {
  readonly type: 'call.status_changed';
  readonly organisationId: OrganisationId;
  readonly departmentId: DepartmentId;
  readonly callId: CallId;
  readonly from: CallStatus;
  readonly to: CallStatus;
  readonly at: Date;
}

export type CallEvent = CallStatusChanged;
