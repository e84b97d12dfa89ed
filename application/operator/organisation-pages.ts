import type { Operator } from '../../domain/operator/operator.ts';
import type { OperatorPermission } from '../../domain/operator/operator-key.ts';
import type { DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { type Page, keysetPage } from '../api/keyset-pagination.ts';
import type { CursorCodec } from '../ports/cursor-codec.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import type { KeysetPage } from '../ports/records-repositories.ts';
import type { RosterFilter } from '../ports/roster-repositories.ts';
import { type AccessRefusal, readInOrganisation } from './operator-access.ts';

/** Page sizes of the operator's lists: default and maximum. */
export const OPERATOR_PAGE_LIMITS = { default: 50, max: 200 } as const;

export interface OrganisationPageInput {
  readonly operator: Operator;
  readonly organisationId: OrganisationId;
  readonly departmentId?: DepartmentId;
  readonly cursor?: string;
  readonly limit: number;
}

export type OrganisationPageRefusal = AccessRefusal | 'invalid_cursor';

/**
 * A use case that pages through one kind of an organisation's rows for an operator holding the
 * permission (`readInOrganisation`), with the sealed keyset cursors of decision 0024. Each names
 * its list, its permission and its read.
 */
export abstract class OrganisationPages<Row extends { readonly id: string }> {
  protected constructor(
    private readonly organisations: OrganisationRepository,
    private readonly cursors: CursorCodec,
    private readonly list: string,
    private readonly permission: OperatorPermission,
    private readonly fetch: (filter: RosterFilter, page: KeysetPage) => Promise<Row[]>,
  ) {}

  async execute(input: OrganisationPageInput): Promise<Outcome<Page<Row>, OrganisationPageRefusal>> {
    const { operator, organisationId, departmentId } = input;
    const read = await readInOrganisation(this.organisations, operator, this.permission, organisationId, () =>
      keysetPage(
        this.cursors,
        {
          list: this.list,
          organisationId,
          filters: { departmentId },
          cursor: input.cursor,
          limit: Math.min(input.limit, OPERATOR_PAGE_LIMITS.max),
        },
        (page) => this.fetch({ organisationId, ...(departmentId === undefined ? {} : { departmentId }) }, page),
      ),
    );
    return read.ok ? read.value : read;
  }
}
