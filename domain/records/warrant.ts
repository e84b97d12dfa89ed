import type { CivilianId, OrganisationId, WarrantId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';

export const WARRANT_STATUSES = ['ACTIVE', 'SERVED', 'RECALLED'] as const;
export type WarrantStatus = (typeof WARRANT_STATUSES)[number];

export interface Warrant {
  readonly id: WarrantId;
  readonly organisationId: OrganisationId;
  readonly civilianId: CivilianId;
  readonly status: WarrantStatus;
  readonly description: string | null;
  readonly createdAt: Date;
}

/** The bridge's `hasActiveWarrant`: any warrant of the civilian still `ACTIVE`. */
export function hasActiveWarrant(warrants: readonly Warrant[]): boolean {
  return warrants.some((w) => w.status === 'ACTIVE');
}

/**
 * Where a warrant may go from each status (decision 0145): an `ACTIVE` warrant is served or
 * recalled; a recalled one may be made `ACTIVE` again (recalled in error); a served warrant is done,
 * and a new arrest needs a new warrant. Staying in a status is no move, and always allowed.
 */
export const WARRANT_MOVES: Readonly<Record<WarrantStatus, readonly WarrantStatus[]>> = {
  ACTIVE: ['SERVED', 'RECALLED'],
  RECALLED: ['ACTIVE'],
  SERVED: [],
};

/** What an operator may change of a warrant: its status (along `WARRANT_MOVES`) and its description (null clears it). */
export interface WarrantChange {
  readonly status?: WarrantStatus;
  readonly description?: string | null;
}

/** The warrant as changed, and whether anything changed; a move `WARRANT_MOVES` lacks is `invalid_transition`. */
export function changeWarrant(
  warrant: Warrant,
  change: WarrantChange,
): Outcome<{ readonly warrant: Warrant; readonly changed: boolean }, 'invalid_transition'> {
  const status = change.status ?? warrant.status;
  if (status !== warrant.status && !WARRANT_MOVES[warrant.status].includes(status)) return refuse('invalid_transition');
  const description = change.description === undefined ? warrant.description : change.description;
  const changed = status !== warrant.status || description !== warrant.description;
  return accept({ warrant: changed ? { ...warrant, status, description } : warrant, changed });
}
