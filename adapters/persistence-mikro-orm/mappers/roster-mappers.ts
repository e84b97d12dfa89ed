import { Character, type CharacterStatus } from '../../../domain/roster/character.ts';
import type { IdentifierLink } from '../../../domain/roster/identifier-link.ts';
import { LinkCode } from '../../../domain/roster/link-code.ts';
import { PendingLink } from '../../../domain/roster/pending-link.ts';
import type { Membership } from '../../../domain/roster/membership.ts';
import type { IdentifierKind } from '../../../domain/roster/player-identifiers.ts';
import type {
  CallId,
  CharacterId,
  CharacterPublicId,
  CivilianId,
  PersonId,
  DepartmentId,
  MembershipId,
  OrganisationId,
  UnitId,
} from '../../../domain/shared/ids.ts';
import { MapPoint } from '../../../domain/shared/map-point.ts';
import { Unit } from '../../../domain/unit/unit.ts';
import type { UnitStatus } from '../../../domain/unit/unit-status.ts';
import { rawBoolean, rawDate, rawNullableDate, rawNullableNumber } from '../raw-values.ts';
import type {
  CharacterRecord,
  IdentifierLinkRecord,
  LinkCodeRecord,
  MembershipRecord,
  PendingLinkRecord,
  UnitRecord,
} from '../records/roster-records.ts';

export function characterFromRecord(r: CharacterRecord): Character {
  return Character.restore({
    id: r.id as CharacterId,
    publicId: r.publicId as CharacterPublicId,
    organisationId: r.organisationId as OrganisationId,
    firstName: r.firstName,
    lastName: r.lastName,
    dateOfBirth: r.dateOfBirth ?? null,
    ownerPersonId: (r.ownerPersonId ?? null) as PersonId | null,
    status: r.status as CharacterStatus,
    recordId: (r.recordId ?? null) as CivilianId | null,
    createdAt: r.createdAt,
  });
}

export function identifierLinkFromRecord(r: IdentifierLinkRecord): IdentifierLink {
  return {
    organisationId: r.organisationId as OrganisationId,
    kind: r.kind as IdentifierKind,
    value: r.value,
    characterId: r.characterId as CharacterId,
    linkedAt: r.linkedAt,
  };
}

export function linkCodeFromRecord(r: LinkCodeRecord): LinkCode {
  return LinkCode.restore({
    codeHash: r.codeHash,
    organisationId: r.organisationId as OrganisationId,
    characterId: r.characterId as CharacterId,
    issuedAt: r.issuedAt,
    expiresAt: r.expiresAt,
    usedAt: r.usedAt ?? null,
  });
}

export function pendingLinkFromRecord(r: PendingLinkRecord): PendingLink {
  return PendingLink.restore({
    codeHash: r.codeHash,
    organisationId: r.organisationId as OrganisationId,
    identifiers: r.identifiers.map(({ kind, value }) => ({ kind: kind as IdentifierKind, value })),
    issuedAt: r.issuedAt,
    expiresAt: r.expiresAt,
    usedAt: r.usedAt ?? null,
  });
}

export function membershipFromRecord(r: MembershipRecord): Membership {
  return {
    id: r.id as MembershipId,
    organisationId: r.organisationId as OrganisationId,
    departmentId: r.departmentId as DepartmentId,
    characterId: r.characterId as CharacterId,
    unitId: r.unitId as UnitId,
    createdAt: r.createdAt,
    endedAt: r.endedAt ?? null,
  };
}

/** A unit's columns, as the ORM loads them or as `unitFieldsFromRow` reads them from a raw row. */
export type UnitFields = Pick<
  UnitRecord,
  | 'id'
  | 'organisationId'
  | 'departmentId'
  | 'membershipId'
  | 'characterId'
  | 'callsign'
  | 'isActive'
  | 'status'
  | 'statusChangedAt'
  | 'assignedCallId'
  | 'assignedCallNumber'
  | 'assignmentPinX'
  | 'assignmentPinY'
  | 'assignedAt'
  | 'endedAt'
>;

/** The columns of `units` in a raw row (snake_case, driver types), in the order `UNIT_COLUMNS` lists them. */
export const UNIT_COLUMNS = [
  'id',
  'organisation_id',
  'department_id',
  'membership_id',
  'character_id',
  'callsign',
  'is_active',
  'status',
  'status_changed_at',
  'assigned_call_id',
  'assigned_call_number',
  'assignment_pin_x',
  'assignment_pin_y',
  'assigned_at',
  'ended_at',
] as const;
export type UnitRow = Record<(typeof UNIT_COLUMNS)[number], unknown>;

/** Converts a raw `units` row (see `UNIT_COLUMNS`) into the fields `unitFromRecord` takes. */
export function unitFieldsFromRow(row: UnitRow): UnitFields {
  return {
    id: String(row.id),
    organisationId: String(row.organisation_id),
    departmentId: String(row.department_id),
    membershipId: String(row.membership_id),
    characterId: String(row.character_id),
    callsign: row.callsign == null ? null : String(row.callsign),
    isActive: rawBoolean(row.is_active),
    status: String(row.status),
    statusChangedAt: rawDate(row.status_changed_at),
    assignedCallId: row.assigned_call_id == null ? null : String(row.assigned_call_id),
    assignedCallNumber: row.assigned_call_number == null ? null : String(row.assigned_call_number),
    assignmentPinX: rawNullableNumber(row.assignment_pin_x),
    assignmentPinY: rawNullableNumber(row.assignment_pin_y),
    assignedAt: rawNullableDate(row.assigned_at),
    endedAt: rawNullableDate(row.ended_at),
  };
}

export function unitFromRecord(r: UnitFields): Unit {
  const pin = r.assignmentPinX == null || r.assignmentPinY == null ? null : MapPoint.of(r.assignmentPinX, r.assignmentPinY);
  return Unit.restore({
    id: r.id as UnitId,
    organisationId: r.organisationId as OrganisationId,
    departmentId: r.departmentId as DepartmentId,
    membershipId: r.membershipId as MembershipId,
    characterId: r.characterId as CharacterId,
    callsign: r.callsign ?? null,
    isActive: r.isActive,
    status: r.status as UnitStatus,
    statusChangedAt: r.statusChangedAt,
    endedAt: r.endedAt ?? null,
    assignment:
      r.assignedCallId == null
        ? null
        : { callId: r.assignedCallId as CallId, callNumber: r.assignedCallNumber!, pin, assignedAt: r.assignedAt! },
  });
}

export function unitToRecord(unit: Unit) {
  const { assignment, ...state } = unit.snapshot();
  return {
    ...state,
    assignedCallId: assignment?.callId ?? null,
    assignedCallNumber: assignment?.callNumber ?? null,
    assignmentPinX: assignment?.pin?.x ?? null,
    assignmentPinY: assignment?.pin?.y ?? null,
    assignedAt: assignment?.assignedAt ?? null,
  };
}
