import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { CallId, CharacterId, DepartmentId } from '../../domain/shared/ids.ts';
import { MapPoint } from '../../domain/shared/map-point.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { AuditDetails } from '../audit/audit-note.ts';
import { type Audited, audited } from '../audit/audited-writes.ts';
import { type CallOpeningPorts, openNumberedCall } from '../records/open-numbered-call.ts';
import { playerNote } from './player-writes.ts';

export interface ReportedCall {
  readonly callId: CallId;
  readonly callNumber: string;
}

/** A call a player opens from the game: in which department, about what, where they stand. */
export interface CallReport {
  readonly departmentId: DepartmentId;
  readonly origin: 'panic' | 'emergency_911';
  readonly description: string;
  readonly mapX: number;
  readonly mapY: number;
}

/** How the audit log tells the report: the player's, under its action, with what only it knows. */
export interface ReportNote {
  readonly player: CharacterId;
  readonly action: string;
  readonly details: AuditDetails;
}

/**
 * `/panic` and `/911`: opens the call at the player's position under the organisation's next call
 * number, inside the caller's unit of work. The audit entry says which call, and from where.
 */
export async function openReportedCall(
  ports: CallOpeningPorts,
  grant: GameGrant,
  report: CallReport,
  note: ReportNote,
  now: Date,
): Promise<Outcome<Audited<ReportedCall>, never>> {
  const { mapX, mapY, ...opening } = report;
  const call = await openNumberedCall(ports, { ...opening, organisationId: grant.organisationId, location: MapPoint.of(mapX, mapY) }, now);
  const details = { callNumber: call.number, ...note.details, mapX, mapY };
  return audited(
    { callId: call.id, callNumber: call.number },
    playerNote(grant, note.player, note.action, { type: 'call', id: call.id }, details),
  );
}
