import type { CallId, DepartmentId, OrganisationId, TimelineEventId } from '../shared/ids.ts';
import type { CallStatus } from './call-status.ts';

interface CallFacts {
  readonly organisationId: OrganisationId;
  readonly departmentId: DepartmentId;
  readonly callId: CallId;
  readonly at: Date;
}

export interface CallStatusChanged extends CallFacts {
  readonly type: 'call.status_changed';
  readonly from: CallStatus;
  readonly to: CallStatus;
}

export interface CallNoteAdded extends CallFacts {
  readonly type: 'call.note_added';
  readonly eventId: TimelineEventId;
}

export type CallEvent = CallStatusChanged | CallNoteAdded;
