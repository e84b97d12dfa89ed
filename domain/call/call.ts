import { EventRecorder } from '../shared/event-recorder.ts';
import type { CallId, DepartmentId, OrganisationId, TimelineEventId } from '../shared/ids.ts';
import type { MapPoint } from '../shared/map-point.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';
import type { Unit, UnitAssignment } from '../unit/unit.ts';
import type { CallEvent } from './call-events.ts';
import { type ApiSettableCallStatus, type CallOrigin, type CallPriority, type CallStatus, DEFAULT_PRIORITY } from './call-status.ts';

/** Who wrote a timeline note: a player's unit, an API credential or an operator. */
export type NoteAuthor =
  | { readonly kind: 'unit'; readonly id: string; readonly label: string }
  | { readonly kind: 'credential'; readonly id: string; readonly label: string }
  | { readonly kind: 'operator'; readonly id: string; readonly label: string }
  | { readonly kind: 'person'; readonly id: string; readonly label: string };

export interface TimelineNote {
  readonly eventId: TimelineEventId;
  readonly text: string;
  readonly author: NoteAuthor;
  readonly at: Date;
}

export interface CallState {
  readonly id: CallId;
  readonly organisationId: OrganisationId;
  readonly departmentId: DepartmentId;
  readonly number: string;
  readonly origin: CallOrigin;
  readonly priority: CallPriority;
  readonly status: CallStatus;
  readonly description: string;
  readonly location: MapPoint | null;
  readonly notes: readonly TimelineNote[];
  readonly createdAt: Date;
  readonly closedAt: Date | null;
}

export type AssignRefusal = 'call_closed' | 'wrong_department' | 'already_assigned';
export type UnassignRefusal = 'wrong_department' | 'not_assigned';

/** A CAD call: new calls wait `PENDING` until a unit takes them; only dispatch closes them. */
export class Call {
  readonly events = new EventRecorder<CallEvent>();

  private constructor(private state: CallState) {}

  static open(
    input: Pick<CallState, 'id' | 'organisationId' | 'departmentId' | 'number' | 'origin' | 'description' | 'location'> & {
      priority?: CallPriority;
    },
    now: Date,
  ): Call {
    const priority = input.priority ?? DEFAULT_PRIORITY[input.origin];
    return new Call({ ...input, priority, status: 'PENDING', notes: [], createdAt: now, closedAt: null });
  }

  static restore(state: CallState): Call {
    return new Call(state);
  }

  get id(): CallId {
    return this.state.id;
  }
  get organisationId(): OrganisationId {
    return this.state.organisationId;
  }
  get number(): string {
    return this.state.number;
  }
  get status(): CallStatus {
    return this.state.status;
  }
  get departmentId(): DepartmentId {
    return this.state.departmentId;
  }
  get location(): MapPoint | null {
    return this.state.location;
  }

  /**
   * Sends a unit of the call's department to it, pinned at `pin` or else at the call's location.
   * The first assignment makes a `PENDING` call `ACTIVE`.
   */
  assign(unit: Unit, now: Date, pin: MapPoint | null = this.state.location): Outcome<UnitAssignment, AssignRefusal> {
    if (this.state.status === 'CLOSED') return refuse('call_closed');
    if (unit.departmentId !== this.state.departmentId) return refuse('wrong_department');
    const assigned = unit.assignTo({ callId: this.state.id, callNumber: this.state.number, pin }, now);
    if (!assigned.ok) return assigned;
    if (this.state.status === 'PENDING') this.changeStatus('ACTIVE', now);
    return assigned;
  }

  /** Releases a unit of the call's department from this call; it becomes `AVAILABLE`. */
  unassign(unit: Unit, now: Date): Outcome<null, UnassignRefusal> {
    if (unit.departmentId !== this.state.departmentId) return refuse('wrong_department');
    const released = unit.release(this.state.id, now);
    return released.ok ? accept(null) : released;
  }

  /** Appends a note; a closed call still takes notes. The note returned is all there is to tell of it. */
  addNote(input: { eventId: TimelineEventId; text: string; author: NoteAuthor }, now: Date): TimelineNote {
    const note: TimelineNote = { ...input, at: now };
    this.state = { ...this.state, notes: [...this.state.notes, note] };
    return note;
  }

  /** A unit may write only on calls of its own department. */
  addNoteByUnit(unit: Unit, input: { eventId: TimelineEventId; text: string }, now: Date): Outcome<TimelineNote, 'wrong_department'> {
    if (unit.departmentId !== this.state.departmentId) return refuse('wrong_department');
    return accept(this.addNote({ ...input, author: { kind: 'unit', id: unit.id, label: unit.label } }, now));
  }

  /** An API credential may set `PENDING` or `ACTIVE` from any status; that reopens a closed call. */
  setStatusByApi(status: ApiSettableCallStatus, now: Date): void {
    this.state = { ...this.state, closedAt: null };
    this.changeStatus(status, now);
  }

  /** Dispatch closes the call: every assigned unit is released and becomes `AVAILABLE`. */
  close(assignedUnits: readonly Unit[], now: Date): void {
    for (const unit of assignedUnits) unit.release(this.state.id, now);
    if (this.state.status !== 'CLOSED') this.state = { ...this.state, closedAt: now };
    this.changeStatus('CLOSED', now);
  }

  snapshot(): CallState {
    return this.state;
  }

  /** Every move of the status records one event; a move to where it is records none. */
  private changeStatus(to: CallStatus, now: Date): void {
    const { status: from, organisationId, departmentId, id: callId } = this.state;
    if (from === to) return;
    this.state = { ...this.state, status: to };
    this.events.record({ type: 'call.status_changed', organisationId, departmentId, callId, from, to, at: now });
  }
}
