import type { Operator } from '../../domain/operator/operator.ts';
import type { Department } from '../../domain/organisation/department.ts';
import type { DepartmentId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { AccessRefusal } from './operator-access.ts';
import { writeWithinReach } from './operator-write.ts';

export interface UpdateDepartmentInput {
  readonly operator: Operator;
  readonly departmentId: DepartmentId;
  readonly isActive: boolean;
}

/** Activates or deactivates a department; `/911` refuses with `no_department` for an inactive one. */
export class UpdateDepartment {
  constructor(private readonly ports: Pick<Ports, 'departments' | 'writes'>) {}

  async execute(input: UpdateDepartmentInput): Promise<Outcome<Department, AccessRefusal>> {
    const load = () => this.ports.departments.get(input.departmentId);
    return writeWithinReach(this.ports.writes, input.operator, 'organisation.settings.manage', load, async (department, now) => {
      department.setActive(input.isActive);
      await this.ports.departments.save(department);
      const action = input.isActive ? 'department.activated' : 'department.deactivated';
      return audited(department, auditNote(department.organisationId, action, { type: 'department', id: department.id }));
    });
  }
}
