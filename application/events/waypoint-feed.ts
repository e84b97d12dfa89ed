import type { MapType } from '../../domain/organisation/organisation.ts';
import type { CallId, DepartmentId, OrganisationId, UnitId } from '../../domain/shared/ids.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import type { UnitEvent } from '../../domain/unit/unit-events.ts';
import type { Clock } from '../ports/clock.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import type { UnitFilter, UnitRepository } from '../ports/unit-repository.ts';
import type { UnitOfWork } from '../ports/unit-of-work.ts';
import type { RecordNumbers } from '../ports/record-numbers.ts';
import type { AssignmentEvent, SequencedAssignmentEvent, WaypointChannel } from '../ports/waypoint-channel.ts';
import { settingsRead } from './settings-read.ts';

function isAssignmentEvent(event: UnitEvent): event is AssignmentEvent {
  return event.type !== 'unit.status_changed';
}
import type { KeysetPage } from '../ports/records-repositories.ts';
import type { RosterFilter } from '../ports/roster-repositories.ts';

/**
 * The unit repository as every use case sees it: saving a unit also takes the assignment events
 * it recorded and, for an organisation whose map is `game_tiles`, publishes them on the waypoint
 * channel once the unit of work commits. Every path that changes an assignment saves the unit,
 * so none can forget to publish; a rolled-back write publishes nothing. Each event takes the next
 * number of its department's waypoint sequence inside the write's transaction, as its last step
 * before the commit (decision 0147), by the commit itself where the store can (decision 0150): the
 * number's row stays locked until commit, so the numbers
 * follow the commit order and a rolled-back number is reused (no gaps). Clients resume from it (decision 0090).
 */
export class WaypointPublishingUnits implements UnitRepository {
  constructor(
    private readonly inner: UnitRepository,
    private readonly organisations: OrganisationRepository,
    private readonly uow: UnitOfWork,
    private readonly channel: WaypointChannel,
    private readonly clock: Clock,
    private readonly numbers: RecordNumbers,
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
    await this.inner.save(unit);
    // Only the assignment events: a unit's status changes are its use case's to read.
    const changes = unit.events.takeWhere(isAssignmentEvent);
    if (changes.length === 0) return;
    if ((await this.mapType(unit.organisationId)) !== 'game_tiles') return;
    const organisationId: OrganisationId = unit.organisationId;
    const sequenced: Array<Promise<SequencedAssignmentEvent>> = [];
    // Numbered as the write's last step (decision 0147), by the commit itself where the store can:
    // the department's series is then held only while the commit runs (decision 0150). The numbers
    // are read once the unit of work has committed.
    await this.uow.beforeCommit(async () => {
      for (const change of changes) {
        const taken = await this.numbers.nextAtCommit(organisationId, waypointSeries(change.departmentId));
        sequenced.push(taken.number.then((seq) => ({ ...change, seq })));
      }
    });
    // The promise is returned, so that a failure to publish is reported as any effect's is.
    this.uow.afterCommit(() =>
      Promise.all(sequenced).then((numbered) => {
        const emittedAt = this.clock.now();
        for (const change of numbered) this.channel.publish(organisationId, change, emittedAt);
      }),
    );
  }

  /**
   * Read inside the unit of work, so the effect above reads nothing after commit: the
   * settings this unit of work already read (the bridge gate's statement brings them), or else
   * the organisation's row (decision 0050).
   */
  private async mapType(organisationId: OrganisationId): Promise<MapType | null> {
    const read = settingsRead.of(this.uow, organisationId);
    if (read !== undefined) return read.mapType;
    return (await this.organisations.get(organisationId))?.settings.mapType ?? null;
  }
}

/** The record-number series of a department's waypoint events. */
export const waypointSeries = (departmentId: DepartmentId) => `waypoint:${departmentId}`;

/**
 * The channel the application publishes to, connected to transports as they start: the service
 * connects its Socket.IO gateway; a host embedding the core can connect its own. With none
 * connected, events go nowhere.
 */
export class WaypointRelay implements WaypointChannel {
  private readonly targets = new Set<WaypointChannel>();

  /** Returns the disconnect function. */
  connect(target: WaypointChannel): () => void {
    this.targets.add(target);
    return () => this.targets.delete(target);
  }

  publish(organisationId: OrganisationId, change: SequencedAssignmentEvent, emittedAt: Date): void {
    for (const target of this.targets) target.publish(organisationId, change, emittedAt);
  }
}
