import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { OperatorKeyRepository } from '../ports/credential-repositories.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import { type AccessRefusal, readInOrganisation } from './operator-access.ts';

/** The organisation's operator keys, revoked ones included; never a key or its hash. */
export class ListOperatorKeys {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly keys: OperatorKeyRepository,
  ) {}

  execute(input: { operator: OperatorKey; organisationId: OrganisationId }): Promise<Outcome<OperatorKey[], AccessRefusal>> {
    return readInOrganisation(this.organisations, input.operator, 'organisation.settings.manage', input.organisationId, () =>
      this.keys.listByOrganisation(input.organisationId),
    );
  }
}
