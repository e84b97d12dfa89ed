import type { Call } from '../../domain/call/call.ts';
import type { CallStatus } from '../../domain/call/call-status.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { DepartmentId } from '../../domain/shared/ids.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export const MAX_CALL_LIST = 500;

/** `GET /cad/calls`: newest first, a plain array paged by `limit` and `offset`. */
export class ListCalls {
  constructor(private readonly ports: Pick<Ports, 'calls'>) {}

  execute(input: { grant: AccessGrant; departmentId?: DepartmentId; status?: CallStatus; limit: number; offset: number }): Promise<Call[]> {
    return this.ports.calls.list({
      organisationId: input.grant.organisationId,
      departmentId: input.departmentId,
      status: input.status,
      limit: Math.min(input.limit, MAX_CALL_LIST),
      offset: input.offset,
    });
  }
}
