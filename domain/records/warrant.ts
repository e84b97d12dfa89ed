import type { CivilianId, OrganisationId, WarrantId } from '../shared/ids.ts';

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
