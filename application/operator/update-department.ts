import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { Department } from '../../domain/organisation/department.ts';
import type { DepartmentId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { DepartmentRepository } from '../ports/organisation-repositories.ts';
import { type AccessRefusal, operatorActor, withinReach } from './operator-access.ts';

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
    return this.writes.run(operatorActor(input.operator), async (now) => {
      const reached = withinReach(input.operator, 'organisation.settings.manage', await this.departments.get(input.departmentId));
      if (!reached.ok) return reached;
      const department = reached.value;
      department.setActive(input.isActive);
      await this.departments.save(department);
      const action = input.isActive ? 'department.activated' : 'department.deactivated';
      return audited(department, auditNote(department.organisationId, action, { type: 'department', id: department.id }));
    });
  }
}
