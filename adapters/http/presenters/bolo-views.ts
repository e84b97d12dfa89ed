import type { Bolo } from '../../../domain/bolo/bolo.ts';
import type { BoloStatus } from '../../../domain/bolo/bolo-terms.ts';

/** What API credentials see: no narrative, internal notes or issuing character. */
export interface BoloSummary {
  readonly boloId: string;
  readonly boloNumber: string;
  readonly status: BoloStatus;
  readonly severity: string;
  readonly scope: string;
  readonly issuingDepartmentId: string;
  readonly subjectCivilianId: string | null;
  readonly subjectVehicleId: string | null;
  readonly subjectDescription: string;
  readonly reason: string;
  readonly expiresAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** What an officer's `/bolo-check` sees. */
export interface BoloCheckMatch {
  readonly boloId: string;
  readonly boloNumber: string;
  readonly severity: string;
  readonly subjectDescription: string;
  readonly reason: string;
}

export function boloSummary(bolo: Bolo, now: Date): BoloSummary {
  const s = bolo.snapshot();
  return {
    boloId: s.id,
    boloNumber: s.number,
    status: bolo.statusAt(now),
    severity: s.severity,
    scope: s.scope,
    issuingDepartmentId: s.issuingDepartmentId,
    subjectCivilianId: s.subjectCivilianId,
    subjectVehicleId: s.subjectVehicleId,
    subjectDescription: s.subjectDescription,
    reason: s.reason,
    expiresAt: s.expiresAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** A BOLO as a use case read it at a moment: its summary says EXPIRED once past `expiresAt`. */
export const boloSummaryAsRead = ({ bolo, now }: { readonly bolo: Bolo; readonly now: Date }): BoloSummary => boloSummary(bolo, now);

export function boloCheckMatch(bolo: Bolo): BoloCheckMatch {
  const s = bolo.snapshot();
  return {
    boloId: s.id,
    boloNumber: s.number,
    severity: s.severity,
    subjectDescription: s.subjectDescription,
    reason: s.reason,
  };
}
