import type { Call } from '../../domain/call/call.ts';
import type { PresenceClaim } from '../../domain/presence/presence.ts';
import type { CallId, DepartmentId, OrganisationId, UnitId } from '../../domain/shared/ids.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import { isStatusChange } from '../../domain/unit/unit-events.ts';
import { isOnDuty } from '../../domain/unit/unit-status.ts';
import type { CallFilter, CallRepository } from '../ports/call-repository.ts';
import type { Clock } from '../ports/clock.ts';
import type { CallChange, DispatchChange, DispatchChannel, UnitChange, UnitPosition } from '../ports/dispatch-channel.ts';
import type { UnitFilter, UnitRepository } from '../ports/unit-repository.ts';
import type { UnitOfWork } from '../ports/unit-of-work.ts';
import type { KeysetPage } from '../ports/records-repositories.ts';
import type { RosterFilter } from '../ports/roster-repositories.ts';
import type { LivePositions } from './live-positions.ts';

/** Of the events a save carries, the one a dispatcher is told of: the assignment's, else the status's. */
function unitChangeType(unit: Unit): UnitChange['type'] {
  const types = unit.events.pending().map((event) => event.type);
  return types.find((type) => type !== 'unit.status_changed') ?? types[0] ?? 'unit.updated';
}

/**
 * The unit repository as every use case sees it, one layer out from the waypoint feed: saving a
 * unit tells the organisation's boards how it stands once the unit of work commits, and a unit
 * that went off duty leaves the map. It reads nothing: the change is the saved unit itself.
 */
export class BoardPublishingUnits implements UnitRepository {
  constructor(
    private readonly inner: UnitRepository,
    private readonly uow: UnitOfWork,
    private readonly channel: DispatchChannel,
    private readonly positions: LivePositions,
    private readonly clock: Clock,
  ) {}

  get(id: UnitId) {
    return this.inner.get(id);
  }
  getForUpdate(id: UnitId) {
    return this.inner.getForUpdate(id);
  }
  findByCallsign(departmentId: DepartmentId, callsign: string) {
    return this.inner.findByCallsign(departmentId, callsign);
  }
  listAssignedTo(callId: CallId) {
    return this.inner.listAssignedTo(callId);
  }
  list(filter: UnitFilter) {
    return this.inner.list(filter);
  }
  page(filter: RosterFilter, page: KeysetPage) {
    return this.inner.page(filter, page);
  }

  async save(unit: Unit): Promise<void> {
    // Read before the inner feeds take their events.
    const type = unitChangeType(unit);
    await this.inner.save(unit);
    // The status moves are this feed's to take: the use cases only read them.
    unit.events.takeWhere(isStatusChange);
    const state = unit.snapshot();
    const change: UnitChange = { subject: 'unit', type, unit: state };
    this.uow.afterCommit(() => {
      if (!state.isActive || !isOnDuty(state.status)) this.positions.forget(state.organisationId, state.id);
      this.channel.change(state.organisationId, change, this.clock.now());
    });
  }
}

interface Seen {
  readonly notes: number;
  readonly closed: boolean;
}

/**
 * The call repository as every use case sees it: saving a call tells the organisation's boards
 * once the unit of work commits. A call this repository never handed out is new (`call.opened`);
 * for the others it compares with what it handed out: notes added, closed, or otherwise changed.
 * It reads nothing more than the use case does.
 */
export class BoardPublishingCalls implements CallRepository {
  private readonly seen = new WeakMap<Call, Seen>();

  constructor(
    private readonly inner: CallRepository,
    private readonly uow: UnitOfWork,
    private readonly channel: DispatchChannel,
    private readonly clock: Clock,
  ) {}

  async get(id: CallId) {
    return this.note(await this.inner.get(id));
  }
  async getForUpdate(id: CallId) {
    return this.note(await this.inner.getForUpdate(id));
  }
  async getForNote(id: CallId) {
    return this.note(await this.inner.getForNote(id));
  }
  async list(filter: CallFilter) {
    const calls = await this.inner.list(filter);
    for (const call of calls) this.note(call);
    return calls;
  }

  async save(call: Call): Promise<void> {
    await this.inner.save(call);
    this.published(call);
  }

  /**
   * The call as this writer read it, with its new notes: a writer of notes reads none of the stored
   * ones (decision 0151), and another writer's note is in that writer's change (decision 0149), so
   * boards keep every note they hear of, by id.
   */
  async appendNotes(call: Call): Promise<void> {
    await this.inner.appendNotes(call);
    this.published(call);
  }

  private published(call: Call): void {
    const state = call.snapshot();
    const before = this.seen.get(call);
    const closed = state.status === 'CLOSED';
    const notes = state.notes.slice(before?.notes ?? state.notes.length);
    const type: CallChange['type'] =
      before === undefined
        ? 'call.opened'
        : closed && !before.closed
          ? 'call.closed'
          : notes.length > 0
            ? 'call.note_added'
            : 'call.updated';
    this.seen.set(call, { notes: state.notes.length, closed });
    const change: CallChange = { subject: 'call', type, call: state, notes: before === undefined ? state.notes : notes };
    this.uow.afterCommit(() => this.channel.change(state.organisationId, change, this.clock.now()));
  }

  private note(call: Call | null): Call | null {
    if (call !== null) this.seen.set(call, { notes: call.snapshot().notes.length, closed: call.status === 'CLOSED' });
    return call;
  }
}

/**
 * The dispatch channel the application publishes to, connected to transports as they start (the
 * service connects its Socket.IO gateway). With none connected, changes go nowhere.
 */
export class DispatchRelay implements DispatchChannel {
  private readonly targets = new Set<DispatchChannel>();

  /** Returns the disconnect function. */
  connect(target: DispatchChannel): () => void {
    this.targets.add(target);
    return () => this.targets.delete(target);
  }

  position(position: UnitPosition): void {
    for (const target of this.targets) target.position(position);
  }

  change(organisationId: OrganisationId, change: DispatchChange, emittedAt: Date): void {
    for (const target of this.targets) target.change(organisationId, change, emittedAt);
  }

  presence(organisationId: OrganisationId, claims: readonly PresenceClaim[], emittedAt: Date): void {
    for (const target of this.targets) target.presence?.(organisationId, claims, emittedAt);
  }
}
