export const BOLO_SEVERITIES = ['LOW', 'MEDIUM', 'HIGH', 'ARMED_DANGEROUS'] as const;
export type BoloSeverity = (typeof BOLO_SEVERITIES)[number];

export const BOLO_SCOPES = ['DEPARTMENT', 'COMMUNITY'] as const;
export type BoloScope = (typeof BOLO_SCOPES)[number];

export const BOLO_STATUSES = ['ISSUED', 'ACKNOWLEDGED', 'HIT_REPORTED', 'RESOLVED', 'ARCHIVED', 'EXPIRED'] as const;
export type BoloStatus = (typeof BOLO_STATUSES)[number];

/** Statuses in which a BOLO is still being looked for. */
export const ACTIVE_BOLO_STATUSES: readonly BoloStatus[] = ['ISSUED', 'ACKNOWLEDGED', 'HIT_REPORTED'];

export function isActiveBoloStatus(status: BoloStatus): boolean {
  return ACTIVE_BOLO_STATUSES.includes(status);
}
