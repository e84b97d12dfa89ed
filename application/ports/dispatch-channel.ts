import type { CallState, TimelineNote } from '../../domain/call/call.ts';
import type { PresenceClaim } from '../../domain/presence/presence.ts';
import type { DepartmentId, OrganisationId, UnitId } from '../../domain/shared/ids.ts';
import type { UnitState } from '../../domain/unit/unit.ts';
import type { UnitStatus } from '../../domain/unit/unit-status.ts';

/** Where a unit last said it was: a heartbeat of `/location` that passed the gate. Never stored in the database. */
export interface UnitPosition {
  readonly organisationId: OrganisationId;
  readonly departmentId: DepartmentId;
  readonly unitId: UnitId;
  readonly unitLabel: string;
  readonly status: UnitStatus;
  readonly mapX: number;
  readonly mapY: number;
  readonly reportedAt: Date;
}

/** A change of a unit that dispatchers see: its status, or its assignment made, moved or ended. */
export interface UnitChange {
  readonly subject: 'unit';
  readonly type: 'unit.status_changed' | 'assignment.created' | 'assignment.updated' | 'assignment.removed' | 'unit.updated';
  /** The unit as the change left it. */
  readonly unit: UnitState;
}

/** A change of a call that dispatchers see: opened (by a player, a credential or a dispatcher), changed, noted or closed. */
export interface CallChange {
  readonly subject: 'call';
  readonly type: 'call.opened' | 'call.updated' | 'call.note_added' | 'call.closed';
  /**
   * The call as the change left it; for a note written through `getForNote` (a player's or an MDT's),
   * its fields and only the notes this change added (decision 0151).
   */
  readonly call: CallState;
  /** The notes this change added (only `call.note_added`). */
  readonly notes: readonly TimelineNote[];
}

export type DispatchChange = UnitChange | CallChange;

/**
 * Pushes what dispatchers watch to the boards of one organisation; the transport writes it in its
 * own wire shape. `change` is called only after the write that caused it has committed. Positions
 * come straight from the heartbeat and are the transport's to coalesce.
 */
export interface DispatchChannel {
  position(position: UnitPosition): void;
  change(organisationId: OrganisationId, change: DispatchChange, emittedAt: Date): void;
  /** Claims a `/presence` heartbeat renewed, after its commit: the board shows a unit whose claim lapsed as gone. */
  presence?(organisationId: OrganisationId, claims: readonly PresenceClaim[], emittedAt: Date): void;
}
