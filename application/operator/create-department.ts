import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import { Department } from '../../domain/organisation/department.ts';
import type { DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { DepartmentRepository, OrganisationRepository } from '../ports/organisation-repositories.ts';
import { type AccessRefusal, authorise, operatorActor } from './operator-access.ts';

export interface CreateDepartmentInput {
  readonly operator: OperatorKey;
  readonly organisationId: OrganisationId;
  readonly slug: string;
  readonly name: string;
}

export class CreateDepartment {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly departments: DepartmentRepository,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  async execute(input: CreateDepartmentInput): Promise<Outcome<Department, AccessRefusal | 'invalid_slug' | 'slug_taken'>> {
    const access = authorise(input.operator, 'organisation.settings.manage', input.organisationId);
    if (!access.ok) return access;
    return this.writes.run(
      operatorActor(input.operator),
      async (now) => {
        if ((await this.organisations.get(input.organisationId)) === null) return refuse('not_found');
        if ((await this.departments.findBySlug(input.organisationId, input.slug)) !== null) return refuse('slug_taken');
        const created = Department.create(
          { id: this.ids.next<DepartmentId>(), organisationId: input.organisationId, slug: input.slug, name: input.name },
          now,
        );
        if (!created.ok) return created;
        await this.departments.save(created.value);
        return audited(created.value, {
          organisationId: input.organisationId,
          action: 'department.created',
          subject: { type: 'department', id: created.value.id },
          details: { slug: input.slug, name: input.name },
        });
      },
      { department_slug: 'slug_taken' },
    );
  }
}
