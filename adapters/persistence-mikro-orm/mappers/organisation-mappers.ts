import type { JoinRule } from '../../../domain/people/join-rule.ts';
import type { RoleOverrides } from '../../../domain/people/role.ts';
import { Department } from '../../../domain/organisation/department.ts';
import { type MapType, Organisation } from '../../../domain/organisation/organisation.ts';
import type { DepartmentId, OrganisationId } from '../../../domain/shared/ids.ts';
import type { DepartmentRecord, OrganisationRecord } from '../records/organisation-records.ts';

export function organisationFromRecord(r: OrganisationRecord): Organisation {
  return Organisation.restore({
    id: r.id as OrganisationId,
    name: r.name,
    settings: {
      mapType: r.mapType as MapType,
      arrivalRadius: r.arrivalRadius,
      concurrentAccountsMax: r.concurrentAccountsMax ?? null,
      autoProvision: r.autoProvision,
      emergencyDepartmentId: (r.emergencyDepartmentId ?? null) as DepartmentId | null,
      joinRule: r.joinRule as JoinRule,
      charactersPerPerson: r.charactersPerPerson,
      characterApproval: r.characterApproval,
      trustedIdentityLink: r.trustedIdentityLink,
      staleUnitMinutes: r.staleUnitMinutes,
    },
    mapLayer: r.mapLayer ?? null,
    roleOverrides: (r.roleOverrides ?? {}) as RoleOverrides,
    createdAt: r.createdAt,
  });
}

export function organisationToRecord(organisation: Organisation) {
  const { id, name, settings, mapLayer, roleOverrides, createdAt } = organisation.snapshot();
  return {
    id,
    name,
    mapLayer,
    mapType: settings.mapType,
    arrivalRadius: settings.arrivalRadius,
    concurrentAccountsMax: settings.concurrentAccountsMax,
    autoProvision: settings.autoProvision,
    emergencyDepartmentId: settings.emergencyDepartmentId,
    joinRule: settings.joinRule,
    charactersPerPerson: settings.charactersPerPerson,
    characterApproval: settings.characterApproval,
    trustedIdentityLink: settings.trustedIdentityLink,
    staleUnitMinutes: settings.staleUnitMinutes,
    roleOverrides,
    createdAt,
  };
}

export function departmentFromRecord(r: DepartmentRecord): Department {
  return Department.restore({
    id: r.id as DepartmentId,
    organisationId: r.organisationId as OrganisationId,
    slug: r.slug,
    name: r.name,
    isActive: r.isActive,
    createdAt: r.createdAt,
  });
}

export function departmentToRecord(department: Department) {
  return { ...department.snapshot() };
}
