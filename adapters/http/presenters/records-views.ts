import type { LabelledAuditEntry } from '../../../application/audit/subject-labels.ts';
import type { Civilian } from '../../../domain/records/civilian.ts';
import type { Vehicle } from '../../../domain/records/vehicle.ts';
import type { Warrant } from '../../../domain/records/warrant.ts';

export function civilianView(civilian: Civilian) {
  const { id, organisationId, firstName, lastName, dateOfBirth, licenseStatus } = civilian.snapshot();
  return { civilianId: id, organisationId, firstName, lastName, dateOfBirth, licenseStatus };
}

/** A civilian as the bridge's person lookup answers: who, and whether they may drive. */
export function personMatchView(civilian: Civilian) {
  const { id, firstName, lastName, dateOfBirth, licenseStatus } = civilian.snapshot();
  return { civilianId: id, firstName, lastName, dateOfBirth, licenseStatus };
}

/** A vehicle as the bridge's plate lookup answers (section 2): the registration and the owner's name. */
export function vehicleLookupView({ vehicle, owner }: { vehicle: Vehicle; owner: Civilian | null }) {
  const { plate, make, model, color, registrationStatus, ownerCivilianId } = vehicle.snapshot();
  return { plate, make, model, color, registrationStatus, ownerCivilianId, ownerDisplayName: owner?.displayName ?? null };
}

export function vehicleView(vehicle: Vehicle) {
  const { id, organisationId, plate, make, model, color, registrationStatus, ownerCivilianId } = vehicle.snapshot();
  return { vehicleId: id, organisationId, plate, make, model, color, registrationStatus, ownerCivilianId };
}

export function warrantView(warrant: Warrant) {
  const { id, organisationId, civilianId, status, description, createdAt } = warrant;
  return { warrantId: id, organisationId, civilianId, status, description, createdAt: createdAt.toISOString() };
}

export function auditEntryView(entry: LabelledAuditEntry) {
  return { ...entry, at: entry.at.toISOString() };
}
