import type { Operator } from '../../domain/operator/operator.ts';
import type { Call } from '../../domain/call/call.ts';
import type { CallPriority } from '../../domain/call/call-status.ts';
import type { DepartmentId } from '../../domain/shared/ids.ts';
import { MapPoint } from '../../domain/shared/map-point.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import { type AccessRefusal, authorise, operatorActor } from '../operator/operator-access.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { openNumberedCall } from '../records/open-numbered-call.ts';

export interface OpenCallInput {
  readonly operator: Operator;
  readonly departmentId: DepartmentId;
  readonly description: string;
  readonly priority?: CallPriority;
  /** Where the call is; null for a call without a place on the map. */
  readonly location: { readonly mapX: number; readonly mapY: number } | null;
}

/** A dispatcher opens a call in a department; it waits `PENDING` for a unit. */
export class OpenCall {
  constructor(private readonly ports: Pick<Ports, 'departments' | 'calls' | 'recordNumbers' | 'ids' | 'writes'>) {}

  execute(input: OpenCallInput): Promise<Outcome<Call, AccessRefusal | 'department_inactive'>> {
    return this.ports.writes.run(operatorActor(input.operator), async (now) => {
      const department = await this.ports.departments.get(input.departmentId);
      if (department === null) return refuse('not_found');
      const access = authorise(input.operator, 'dispatch.manage', department.organisationId);
      if (!access.ok) return access;
      if (!department.isActive) return refuse('department_inactive');
      const call = await openNumberedCall(
        this.ports,
        {
          organisationId: department.organisationId,
          departmentId: department.id,
          origin: 'dispatch',
          priority: input.priority,
          description: input.description,
          location: input.location === null ? null : MapPoint.of(input.location.mapX, input.location.mapY),
        },
        now,
      );
      const details = { callNumber: call.number, departmentId: department.id, priority: call.snapshot().priority };
      return audited(call, auditNote(department.organisationId, 'call.opened', { type: 'call', id: call.id }, details));
    });
  }
}
