import type { BoloHit } from '../../../domain/bolo/bolo-hit.ts';
import type { BoloScope, BoloSeverity, BoloStatus } from '../../../domain/bolo/bolo-terms.ts';
import { Bolo, type BoloIssuer } from '../../../domain/bolo/bolo.ts';
import type { CallOrigin, CallPriority, CallStatus } from '../../../domain/call/call-status.ts';
import { Call, type NoteAuthor, type TimelineNote } from '../../../domain/call/call.ts';
import type {
  BoloHitId,
  BoloId,
  CallId,
  CharacterId,
  CivilianId,
  CredentialId,
  DepartmentId,
  OrganisationId,
  TimelineEventId,
  VehicleId,
} from '../../../domain/shared/ids.ts';
import { MapPoint } from '../../../domain/shared/map-point.ts';
import type { BoloHitRecord, BoloRecord, CallNoteRecord, CallRecord } from '../records/dispatch-records.ts';

export function noteFromRecord(r: CallNoteRecord): TimelineNote {
  return {
    eventId: r.eventId as TimelineEventId,
    text: r.text,
    author: { kind: r.authorKind as NoteAuthor['kind'], id: r.authorId, label: r.authorLabel },
    at: r.at,
  };
}

/** The notes as the JSON array the append statement unpacks (`jsonb_array_elements`), in timeline order. */
export function notesToJson(notes: readonly TimelineNote[]): string {
  return JSON.stringify(
    notes.map((n) => ({
      eventId: n.eventId,
      text: n.text,
      authorKind: n.author.kind,
      authorId: n.author.id,
      authorLabel: n.author.label,
      at: n.at.toISOString(),
    })),
  );
}

/** The notes as the lock-and-read statement aggregates them (`json_agg`, the keys of `notesToJson`), oldest first. */
export function notesFromJson(json: unknown): TimelineNote[] {
  const notes = (typeof json === 'string' ? JSON.parse(json) : json) as Array<Record<string, string>>;
  return notes.map((n) => ({
    eventId: n['eventId'] as TimelineEventId,
    text: String(n['text']),
    author: { kind: n['authorKind'] as NoteAuthor['kind'], id: String(n['authorId']), label: String(n['authorLabel']) },
    at: new Date(String(n['at'])),
  }));
}

export function callFromRecord(r: CallRecord, notes: readonly TimelineNote[]): Call {
  return Call.restore({
    id: r.id as CallId,
    organisationId: r.organisationId as OrganisationId,
    departmentId: r.departmentId as DepartmentId,
    number: r.number,
    origin: r.origin as CallOrigin,
    priority: r.priority as CallPriority,
    status: r.status as CallStatus,
    description: r.description,
    location: r.locationX == null || r.locationY == null ? null : MapPoint.of(r.locationX, r.locationY),
    notes,
    createdAt: r.createdAt,
    closedAt: r.closedAt ?? null,
  });
}

/** The call's own row; its notes go to `call_notes`. */
export function callToRecord(call: Call) {
  const { notes: _notes, location, ...state } = call.snapshot();
  return { ...state, locationX: location?.x ?? null, locationY: location?.y ?? null };
}

export function boloFromRecord(r: BoloRecord): Bolo {
  const issuedBy: BoloIssuer =
    r.issuedByCharacterId != null
      ? { kind: 'character', characterId: r.issuedByCharacterId as CharacterId }
      : { kind: 'credential', credentialId: r.issuedByCredentialId as CredentialId };
  return Bolo.restore({
    id: r.id as BoloId,
    organisationId: r.organisationId as OrganisationId,
    number: r.number,
    issuingDepartmentId: r.issuingDepartmentId as DepartmentId,
    subjectCivilianId: (r.subjectCivilianId ?? null) as CivilianId | null,
    subjectVehicleId: (r.subjectVehicleId ?? null) as VehicleId | null,
    severity: r.severity as BoloSeverity,
    scope: r.scope as BoloScope,
    subjectDescription: r.subjectDescription,
    reason: r.reason,
    narrative: r.narrative ?? null,
    internalNotes: r.internalNotes ?? null,
    expiresAt: r.expiresAt ?? null,
    issuedBy,
    status: r.status as BoloStatus,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  });
}

export function boloToRecord(bolo: Bolo) {
  const { issuedBy, ...state } = bolo.snapshot();
  return {
    ...state,
    issuedByCharacterId: issuedBy.kind === 'character' ? issuedBy.characterId : null,
    issuedByCredentialId: issuedBy.kind === 'credential' ? issuedBy.credentialId : null,
  };
}

export function boloHitFromRecord(r: BoloHitRecord): BoloHit {
  return {
    id: r.id as BoloHitId,
    boloId: r.boloId as BoloId,
    organisationId: r.organisationId as OrganisationId,
    plate: r.plate,
    cameraId: r.cameraId,
    cameraLabel: r.cameraLabel,
    position: MapPoint.of(r.positionX, r.positionY),
    seenAt: r.seenAt,
    reportedAt: r.reportedAt,
    reportedBy: r.reportedBy as CredentialId,
  };
}

export function boloHitToRecord(hit: BoloHit) {
  const { position, ...rest } = hit;
  return { ...rest, positionX: position.x, positionY: position.y };
}
