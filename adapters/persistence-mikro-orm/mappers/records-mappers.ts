import type { AuditActor, AuditEntry } from '../../../domain/audit/audit-entry.ts';
import type { Arrest } from '../../../domain/records/arrest.ts';
import type { Citation } from '../../../domain/records/citation.ts';
import { Civilian } from '../../../domain/records/civilian.ts';
import { Plate } from '../../../domain/records/plate.ts';
import { Vehicle } from '../../../domain/records/vehicle.ts';
import type { Warrant, WarrantStatus } from '../../../domain/records/warrant.ts';
import type { ResourceRelease } from '../../../domain/release/resource-release.ts';
import type {
  ArrestId,
  AuditEntryId,
  CharacterId,
  CitationId,
  CivilianId,
  CredentialId,
  OrganisationId,
  ReleaseId,
  UnitId,
  VehicleId,
  WarrantId,
} from '../../../domain/shared/ids.ts';
import type { AuditEntryRecord } from '../records/audit-records.ts';
import type { ArrestRecord, CitationRecord } from '../records/incident-records.ts';
import type { ReleaseRecord } from '../records/installation-records.ts';
import type { CivilianRecord, VehicleRecord, WarrantRecord } from '../records/records-records.ts';

export function civilianFromRecord(r: CivilianRecord): Civilian {
  return Civilian.restore({
    id: r.id as CivilianId,
    organisationId: r.organisationId as OrganisationId,
    firstName: r.firstName,
    lastName: r.lastName,
    dateOfBirth: r.dateOfBirth ?? null,
    licenseStatus: r.licenseStatus,
    claimedBy: (r.claimedBy ?? null) as CharacterId | null,
    createdAt: r.createdAt,
  });
}

export function vehicleFromRecord(r: VehicleRecord): Vehicle {
  return Vehicle.restore({
    id: r.id as VehicleId,
    organisationId: r.organisationId as OrganisationId,
    plate: r.plate,
    make: r.make ?? null,
    model: r.model ?? null,
    color: r.color ?? null,
    registrationStatus: r.registrationStatus,
    ownerCivilianId: (r.ownerCivilianId ?? null) as CivilianId | null,
    createdAt: r.createdAt,
  });
}

/** The plate key is stored beside the plate so that the unique index and lookups use it. */
export function vehicleToRecord(vehicle: Vehicle) {
  const state = vehicle.snapshot();
  return { ...state, plateKey: Plate.keyOf(state.plate) };
}

export function warrantFromRecord(r: WarrantRecord): Warrant {
  return {
    id: r.id as WarrantId,
    organisationId: r.organisationId as OrganisationId,
    civilianId: r.civilianId as CivilianId,
    status: r.status as WarrantStatus,
    description: r.description ?? null,
    createdAt: r.createdAt,
  };
}

export function releaseFromRecord(r: ReleaseRecord): ResourceRelease {
  return { id: r.id as ReleaseId, resourceSlug: r.resourceSlug, version: r.version, manifest: r.manifest, publishedAt: r.publishedAt };
}

export function auditEntryFromRecord(r: AuditEntryRecord): AuditEntry {
  return {
    id: r.id as AuditEntryId,
    organisationId: (r.organisationId ?? null) as OrganisationId | null,
    at: r.at,
    actor: { kind: r.actorKind as AuditActor['kind'], id: r.actorId, label: r.actorLabel },
    playerCharacterId: (r.playerCharacterId ?? null) as CharacterId | null,
    action: r.action,
    subject: r.subjectType == null || r.subjectId == null ? null : { type: r.subjectType, id: r.subjectId },
    details: r.details,
  };
}

export function auditEntryToRecord(entry: AuditEntry) {
  return {
    id: entry.id,
    organisationId: entry.organisationId,
    at: entry.at,
    actorKind: entry.actor.kind,
    actorId: entry.actor.id,
    actorLabel: entry.actor.label,
    playerCharacterId: entry.playerCharacterId,
    action: entry.action,
    subjectType: entry.subject?.type ?? null,
    subjectId: entry.subject?.id ?? null,
    details: JSON.parse(JSON.stringify(entry.details)) as Record<string, unknown>,
  };
}

export function citationFromRecord(r: CitationRecord): Citation {
  return {
    id: r.id as CitationId,
    organisationId: r.organisationId as OrganisationId,
    number: r.number,
    civilianId: r.civilianId as CivilianId,
    plate: r.plate ?? null,
    locationText: r.locationText,
    statuteCode: r.statuteCode,
    statuteDescription: r.statuteDescription,
    fineAmount: r.fineAmount,
    issuedBy: {
      characterId: r.issuedByCharacterId as CharacterId,
      unitId: r.issuedByUnitId as UnitId,
      credentialId: r.issuedByCredentialId as CredentialId,
    },
    issuedAt: r.issuedAt,
  };
}

export function citationToRecord(citation: Citation) {
  const { issuedBy, ...rest } = citation;
  return {
    ...rest,
    issuedByCharacterId: issuedBy.characterId,
    issuedByUnitId: issuedBy.unitId,
    issuedByCredentialId: issuedBy.credentialId,
  };
}

export function arrestFromRecord(r: ArrestRecord): Arrest {
  return {
    id: r.id as ArrestId,
    organisationId: r.organisationId as OrganisationId,
    number: r.number,
    civilianId: r.civilianId as CivilianId,
    locationText: r.locationText,
    narrative: r.narrative,
    charges: r.charges.map(({ statuteCode, statuteDescription }) => ({ statuteCode, statuteDescription })),
    bookedBy: {
      characterId: r.bookedByCharacterId as CharacterId,
      unitId: r.bookedByUnitId as UnitId,
      credentialId: r.bookedByCredentialId as CredentialId,
    },
    bookedAt: r.bookedAt,
  };
}

/** Charges go in as a JSON array, in the order they were booked. */
export function arrestToRecord(arrest: Arrest) {
  const { bookedBy, charges, ...rest } = arrest;
  return {
    ...rest,
    charges: charges.map(({ statuteCode, statuteDescription }) => ({ statuteCode, statuteDescription })),
    bookedByCharacterId: bookedBy.characterId,
    bookedByUnitId: bookedBy.unitId,
    bookedByCredentialId: bookedBy.credentialId,
  };
}
