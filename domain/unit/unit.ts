import { EventRecorder } from '../shared/event-recorder.ts';
import type { CallId, CharacterId, DepartmentId, MembershipId, OrganisationId, UnitId } from '../shared/ids.ts';
import type { MapPoint } from '../shared/map-point.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';
import type { UnitEvent } from './unit-events.ts';
import { type UnitStatus, isOnDuty } from './unit-status.ts';

/** The one call a unit is assigned to, with the pin it is sent to (null when the call has none). */
export interface UnitAssignment {
  readonly callId: CallId;
  readonly callNumber: string;
  readonly pin: MapPoint | null;
  readonly assignedAt: Date;
}

export interface UnitState {
  readonly id: UnitId;
  readonly organisationId: OrganisationId;
  readonly departmentId: DepartmentId;
  readonly membershipId: MembershipId;
  readonly characterId: CharacterId;
  readonly callsign: string | null;
  readonly isActive: boolean;
  readonly status: UnitStatus;
  readonly assignment: UnitAssignment | null;
  readonly statusChangedAt: Date;
  /** When its membership ended (the member was removed): the unit is kept for its history only. */
  readonly endedAt: Date | null;
}

export type DutyRefusal = 'unit_inactive' | 'callsign_not_assigned';
export type ArrivalOutcome = 'arrived' | 'already_on_scene' | 'no_assignment' | 'no_pin' | 'out_of_range';

/**
 * A department member's operational presence. Its status machine follows section 3 of the
 * contract: the bridge moves it only through duty sync, self-assign, unassign and arrival; a
 * dispatcher or API credential may set any status.
 */
export class Unit {
  readonly events = new EventRecorder<UnitEvent>();

  private constructor(private state: UnitState) {}

  static enrol(
    input: Pick<UnitState, 'id' | 'organisationId' | 'departmentId' | 'membershipId' | 'characterId' | 'callsign'>,
    now: Date,
  ): Unit {
    return new Unit({ ...input, isActive: true, status: 'OFF_DUTY', assignment: null, statusChangedAt: now, endedAt: null });
  }

  static restore(state: UnitState): Unit {
    return new Unit(state);
  }

  get id(): UnitId {
    return this.state.id;
  }
  get organisationId(): OrganisationId {
    return this.state.organisationId;
  }
  get departmentId(): DepartmentId {
    return this.state.departmentId;
  }
  get status(): UnitStatus {
    return this.state.status;
  }
  get assignment(): UnitAssignment | null {
    return this.state.assignment;
  }
  get isActive(): boolean {
    return this.state.isActive;
  }
  get callsign(): string | null {
    return this.state.callsign;
  }
  /** The label dispatchers and game resources see: the callsign. */
  get label(): string {
    return this.state.callsign ?? '';
  }
  /** Whether its membership ended: its callsign is free again in the department, and it never acts again. */
  get hasEnded(): boolean {
    return this.state.endedAt !== null;
  }
  get isOnDuty(): boolean {
    return this.state.isActive && isOnDuty(this.state.status);
  }

  /** `/duty`: on duty is `AVAILABLE`, off duty is `OFF_DUTY`, from any status. */
  syncDuty(onDuty: boolean, now: Date): Outcome<UnitStatus, DutyRefusal> {
    if (this.state.callsign === null) return refuse('callsign_not_assigned');
    if (!this.state.isActive) return refuse('unit_inactive');
    this.changeStatus(onDuty ? 'AVAILABLE' : 'OFF_DUTY', now);
    return accept(this.state.status);
  }

  /** A dispatcher or API credential: any status may follow any status. */
  setStatusByDispatch(status: UnitStatus, now: Date): void {
    this.changeStatus(status, now);
  }

  /** Called by `Call.assign`, which has checked the call's side of the rule. */
  assignTo(assignment: Omit<UnitAssignment, 'assignedAt'>, now: Date): Outcome<UnitAssignment, 'already_assigned'> {
    if (this.state.assignment !== null) return refuse('already_assigned');
    const made: UnitAssignment = { ...assignment, assignedAt: now };
    this.state = { ...this.state, assignment: made };
    this.events.record({ type: 'assignment.created', ...this.facts(now), callId: made.callId, callNumber: made.callNumber, pin: made.pin });
    this.changeStatus('EN_ROUTE', now);
    return accept(made);
  }

  /** Leaves the call and becomes `AVAILABLE` again. */
  release(callId: CallId, now: Date): Outcome<UnitStatus, 'not_assigned'> {
    if (this.state.assignment?.callId !== callId) return refuse('not_assigned');
    this.endAssignment(now);
    this.changeStatus('AVAILABLE', now);
    return accept(this.state.status);
  }

  /** A dispatcher moves the pin of the unit's current assignment. */
  movePin(callId: CallId, pin: MapPoint | null, now: Date): Outcome<UnitAssignment, 'not_assigned'> {
    const current = this.state.assignment;
    if (current?.callId !== callId) return refuse('not_assigned');
    const moved: UnitAssignment = { ...current, pin };
    this.state = { ...this.state, assignment: moved };
    this.events.record({ type: 'assignment.updated', ...this.facts(now), callId, callNumber: moved.callNumber, pin });
    return accept(moved);
  }

  /**
   * Whether a position report could still put the unit on scene: it has an assignment pin and is
   * not on scene yet. Needs no radius, so a caller can skip reading one for most reports.
   */
  get awaitsArrival(): boolean {
    return this.state.assignment?.pin != null && this.state.status !== 'ON_SCENE';
  }

  /** Whether a report at `position` puts the unit on scene; changes nothing (see `reportPosition`). */
  arrivalAt(position: MapPoint, arrivalRadius: number): boolean {
    return this.judgeArrival(position, arrivalRadius) === 'arrived';
  }

  /** A position report: inside the arrival radius of the assignment pin the unit is on scene. */
  reportPosition(position: MapPoint, arrivalRadius: number, now: Date): ArrivalOutcome {
    const outcome = this.judgeArrival(position, arrivalRadius);
    if (outcome === 'arrived') this.changeStatus('ON_SCENE', now);
    return outcome;
  }

  /** A deactivated unit fails the gate, like an off-duty one, so deactivating ends its assignment. An ended unit stays inactive. */
  setActive(isActive: boolean, now: Date): void {
    if (isActive && this.hasEnded) return;
    if (!isActive) this.endAssignment(now);
    this.state = { ...this.state, isActive };
  }

  /**
   * Its membership ends (decision 0140): off duty as `/duty` would put it, which leaves any call,
   * deactivated for good, and out of its department's callsigns. Ending it again changes nothing.
   */
  end(now: Date): void {
    if (this.hasEnded) return;
    this.changeStatus('OFF_DUTY', now);
    this.state = { ...this.state, isActive: false, endedAt: now };
  }

  assignCallsign(callsign: string | null): void {
    this.state = { ...this.state, callsign };
  }

  snapshot(): UnitState {
    return this.state;
  }

  /** Going off duty ends the assignment: an off-duty unit can no longer answer a call. */
  private changeStatus(to: UnitStatus, now: Date): void {
    if (to === 'OFF_DUTY' && this.state.assignment !== null) this.endAssignment(now);
    const from = this.state.status;
    if (from === to) return;
    this.state = { ...this.state, status: to, statusChangedAt: now };
    this.events.record({ type: 'unit.status_changed', ...this.facts(now), from, to });
  }

  /** The arrival rule of section 3; `awaitsArrival` is true exactly when some position would arrive. */
  private judgeArrival(position: MapPoint, arrivalRadius: number): ArrivalOutcome {
    const assignment = this.state.assignment;
    if (assignment === null) return 'no_assignment';
    if (assignment.pin === null) return 'no_pin';
    if (!position.isWithin(arrivalRadius, assignment.pin)) return 'out_of_range';
    if (this.state.status === 'ON_SCENE') return 'already_on_scene';
    return 'arrived';
  }

  private endAssignment(now: Date): void {
    const ended = this.state.assignment;
    if (ended === null) return;
    this.state = { ...this.state, assignment: null };
    this.events.record({ type: 'assignment.removed', ...this.facts(now), callId: ended.callId });
  }

  private facts(now: Date) {
    const { organisationId, departmentId, id: unitId } = this.state;
    return { organisationId, departmentId, unitId, unitLabel: this.label, at: now };
  }
}
