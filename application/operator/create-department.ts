import type { Operator } from '../../domain/operator/operator.ts';
import { Department } from '../../domain/organisation/department.ts';
import type { DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { AccessRefusal } from './operator-access.ts';
import { inOrganisation, nothingToCheck } from './organisation-writes.ts';

export interface CreateDepartmentInput {
  readonly operator: Operator;
  readonly organisationId: OrganisationId;
  readonly slug: string;
  readonly name: string;
}

export class CreateDepartment {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'departments' | 'ids' | 'writes'>) {}

  execute(input: CreateDepartmentInput): Promise<Outcome<Department, AccessRefusal | 'invalid_slug' | 'slug_taken'>> {
    const { organisationId, slug, name } = input;
    const create = async (_: null, now: Date) => {
      if ((await this.ports.departments.findBySlug(organisationId, slug)) !== null) return refuse('slug_taken');
      const created = Department.create({ id: this.ports.ids.next<DepartmentId>(), organisationId, slug, name }, now);
      if (!created.ok) return created;
      await this.ports.departments.save(created.value);
      return audited(
        created.value,
        auditNote(organisationId, 'department.created', { type: 'department', id: created.value.id }, { slug, name }),
      );
    };
    return inOrganisation(this.ports.organisations, this.ports.writes).write(
      input,
      'organisation.settings.manage',
      nothingToCheck,
      create,
      {
        department_slug: 'slug_taken',
      },
    );
  }
}
