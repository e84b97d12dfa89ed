import type { OrganisationId } from '../../domain/shared/ids.ts';
import type { AssignmentChanged, AssignmentRemoved } from '../../domain/unit/unit-events.ts';

/** An assignment began, moved its pin or ended: what the waypoint channel carries. */
export type AssignmentEvent = AssignmentChanged | AssignmentRemoved;

/**
 * An assignment change with its place in its department's waypoint sequence: 1, 2, 3... per
 * department, taken inside the write's transaction while it holds the call, so the numbers follow
 * the commit order of the changes (decision 0090).
 */
export type SequencedAssignmentEvent = AssignmentEvent & { readonly seq: number };

/**
 * Pushes assignment changes to the game resources connected for one department of one
 * organisation; the transport writes them in its own wire shape. Called only after the write
 * that caused the change has committed, with the moment it was sent.
 */
export interface WaypointChannel {
  publish(organisationId: OrganisationId, change: SequencedAssignmentEvent, emittedAt: Date): void;
}
