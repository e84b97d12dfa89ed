import type { Department } from '../../../domain/organisation/department.ts';
import type { Organisation } from '../../../domain/organisation/organisation.ts';

export function organisationView(organisation: Organisation) {
  const { id, name, settings, mapLayer, createdAt } = organisation.snapshot();
  return { organisationId: id, name, ...settings, mapLayer, createdAt: createdAt.toISOString() };
}

export function departmentView(department: Department) {
  const { id, organisationId, slug, name, isActive, createdAt } = department.snapshot();
  return { departmentId: id, organisationId, slug, name, isActive, createdAt: createdAt.toISOString() };
}
