import type { AuditEntry } from '../../domain/audit/audit-entry.ts';
import type {
  CallId,
  CharacterId,
  CivilianId,
  CredentialId,
  DepartmentId,
  OrganisationId,
  UnitId,
  VehicleId,
  WarrantId,
} from '../../domain/shared/ids.ts';
import type { Ports } from '../ports/port-catalogue.ts';

/** An audit entry with its subject named as an operator knows it (null: not a kind named, or gone). */
export type LabelledAuditEntry = AuditEntry & { readonly subjectLabel: string | null };

type Named = { readonly organisationId: OrganisationId; readonly label: string } | null;
type SubjectPorts = Pick<Ports, 'characters' | 'units' | 'calls' | 'credentials' | 'departments' | 'civilians' | 'vehicles' | 'warrants'>;

/**
 * How each kind of subject is read and named: a character or a civilian by its name, a unit by its
 * callsign, a call by its number, a vehicle by its plate, a warrant by whom it wants.
 */
function readers(ports: SubjectPorts): Readonly<Record<string, (id: string) => Promise<Named>>> {
  return {
    character: async (id) => {
      const character = await ports.characters.get(id as CharacterId);
      return character && { organisationId: character.organisationId, label: character.displayName };
    },
    unit: async (id) => {
      const unit = await ports.units.get(id as UnitId);
      return unit && { organisationId: unit.organisationId, label: unit.callsign ?? 'a unit without a callsign' };
    },
    call: async (id) => {
      const call = await ports.calls.get(id as CallId);
      return call && { organisationId: call.organisationId, label: call.number };
    },
    credential: async (id) => {
      const credential = await ports.credentials.get(id as CredentialId);
      return credential && { organisationId: credential.organisationId, label: credential.snapshot().label };
    },
    department: async (id) => {
      const department = await ports.departments.get(id as DepartmentId);
      return department && { organisationId: department.organisationId, label: department.snapshot().name };
    },
    civilian: async (id) => {
      const civilian = await ports.civilians.get(id as CivilianId);
      return civilian && { organisationId: civilian.organisationId, label: civilian.displayName };
    },
    vehicle: async (id) => {
      const vehicle = await ports.vehicles.get(id as VehicleId);
      return vehicle && { organisationId: vehicle.organisationId, label: vehicle.snapshot().plate };
    },
    warrant: async (id) => {
      const warrant = await ports.warrants.get(id as WarrantId);
      const wanted = warrant && (await ports.civilians.get(warrant.civilianId));
      return warrant && { organisationId: warrant.organisationId, label: `warrant for ${wanted?.displayName ?? 'an unknown civilian'}` };
    },
  };
}

/**
 * Names the subjects of a page of one organisation's audit log, each distinct subject read once.
 * A subject of another organisation is never named (it cannot be one, but the name would cross).
 */
export async function labelSubjects(
  ports: SubjectPorts,
  organisationId: OrganisationId,
  entries: readonly AuditEntry[],
): Promise<LabelledAuditEntry[]> {
  const read = readers(ports);
  const key = (subject: { type: string; id: string }) => `${subject.type}\u0000${subject.id}`;
  const wanted = new Map<string, { type: string; id: string }>();
  for (const { subject } of entries) if (subject !== null && read[subject.type] !== undefined) wanted.set(key(subject), subject);
  const names = new Map<string, string>();
  for (const [k, subject] of wanted) {
    const named = await read[subject.type]!(subject.id);
    if (named !== null && named.organisationId === organisationId) names.set(k, named.label);
  }
  return entries.map((entry) => ({ ...entry, subjectLabel: entry.subject === null ? null : (names.get(key(entry.subject)) ?? null) }));
}
