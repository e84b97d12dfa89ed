import type { Operator } from '../../domain/operator/operator.ts';
import type { Call } from '../../domain/call/call.ts';
import type { CallStatus } from '../../domain/call/call-status.ts';
import type { CallId, DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { type Page, keysetPage } from '../api/keyset-pagination.ts';
import { readInOrganisation } from '../operator/operator-access.ts';
import { OPERATOR_PAGE_LIMITS, type OrganisationPageRefusal } from '../operator/organisation-pages.ts';
import type { Ports } from '../ports/port-catalogue.ts';

/** The statuses of a call a dispatcher still works on. */
export const OPEN_CALL_STATUSES = ['PENDING', 'ACTIVE'] as const satisfies readonly CallStatus[];
export type OpenCallStatus = (typeof OPEN_CALL_STATUSES)[number];

/** The organisation's open calls (or one department's, or one status's), newest first, a page at a time. */
export class ListOpenCalls {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'calls' | 'cursors'>) {}

  async execute(input: {
    operator: Operator;
    organisationId: OrganisationId;
    departmentId?: DepartmentId;
    status?: OpenCallStatus;
    cursor?: string;
    limit: number;
  }): Promise<Outcome<Page<Call>, OrganisationPageRefusal>> {
    const { operator, organisationId, departmentId, status } = input;
    const read = await readInOrganisation(this.ports.organisations, operator, 'dispatch.view', organisationId, () =>
      keysetPage(
        this.ports.cursors,
        {
          list: 'operator.open-calls',
          organisationId,
          filters: { departmentId, status },
          cursor: input.cursor,
          limit: Math.min(input.limit, OPERATOR_PAGE_LIMITS.max),
        },
        (page) =>
          this.ports.calls.list({
            organisationId,
            departmentId,
            statuses: status === undefined ? OPEN_CALL_STATUSES : [status],
            before: (page.after ?? undefined) as CallId | undefined,
            limit: page.limit,
            offset: 0,
          }),
      ),
    );
    return read.ok ? read.value : read;
  }
}
