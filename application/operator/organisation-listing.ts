import type { Operator } from '../../domain/operator/operator.ts';
import type { OperatorPermission } from '../../domain/operator/operator-key.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import { type AccessRefusal, readInOrganisation } from './operator-access.ts';

/**
 * A use case that lists one kind of an organisation's records for an operator holding the
 * permission (`readInOrganisation`). Each listing names its kind, its permission and its read.
 */
export abstract class OrganisationListing<Listed> {
  protected constructor(
    private readonly organisations: OrganisationRepository,
    private readonly permission: OperatorPermission,
    private readonly list: (organisationId: OrganisationId) => Promise<Listed[]>,
  ) {}

  execute(input: { operator: Operator; organisationId: OrganisationId }): Promise<Outcome<Listed[], AccessRefusal>> {
    return readInOrganisation(this.organisations, input.operator, this.permission, input.organisationId, () =>
      this.list(input.organisationId),
    );
  }
}
