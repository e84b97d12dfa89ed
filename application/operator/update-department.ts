import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { Department } from '../../domain/organisation/department.ts';
import type { DepartmentId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { DepartmentRepository } from '../ports/organisation-repositories.ts';
import { type AccessRefusal, authorise, operatorActor } from './operator-access.ts';

export interface UpdateDepartmentInput {
  readonly operator: OperatorKey;
  readonly departmentId: DepartmentId;
  readonly isActive: boolean;
}

/** Activates or deactivates a department; `/911` refuses with `no_department` for an inactive one. */
export class UpdateDepartment {
  constructor(
    private readonly departments: DepartmentRepository,
    private readonly writes: AuditedWrites,
  ) {}

  async execute(input: UpdateDepartmentInput): Promise<Outcome<Department, AccessRefusal>> {
    return this.writes.run(operatorActor(input.operator), async () => {
      const department = await this.departments.get(input.departmentId);
      if (department === null) return refuse('not_found');
      const access = authorise(input.operator, 'organisation.settings.manage', department.organisationId);
      if (!access.ok) return access;
      department.setActive(input.isActive);
      await this.departments.save(department);
      return audited(department, {
        organisationId: department.organisationId,
        action: input.isActive ? 'department.activated' : 'department.deactivated',
        subject: { type: 'department', id: department.id },
      });
    });
  }
}
