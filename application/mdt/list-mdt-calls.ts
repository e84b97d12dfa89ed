import type { Call } from '../../domain/call/call.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { MdtOfficer } from './mdt-officer.ts';

/** How many open calls of each status the MDT lists; a department with more has a dispatcher. */
export const MDT_CALL_LIST = 100;

/**
 * `GET /mdt/calls`: the department's open calls (pending, then active), newest first in each, to
 * the department's own members (on duty or not). A linked player who is not one (a civilian, a
 * member of another department handed off through this department's credential) sees none of them:
 * their session shows their own record and nothing of the department (issue 30, point 3; decision 0080).
 */
export class ListMdtCalls {
  constructor(private readonly ports: Pick<Ports, 'calls'>) {}

  async execute(officer: MdtOfficer): Promise<Call[]> {
    if (officer.unit === null) return [];
    const { organisationId, departmentId } = officer.session;
    const of = (status: 'PENDING' | 'ACTIVE') =>
      this.ports.calls.list({ organisationId, departmentId, status, limit: MDT_CALL_LIST, offset: 0 });
    return [...(await of('PENDING')), ...(await of('ACTIVE'))];
  }
}
