import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { OperatorKeyRepository } from '../ports/credential-repositories.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import { type AccessRefusal, authorise } from './operator-access.ts';

/** The organisation's operator keys, revoked ones included; never a key or its hash. */
export class ListOperatorKeys {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly keys: OperatorKeyRepository,
  ) {}

  async execute(input: { operator: OperatorKey; organisationId: OrganisationId }): Promise<Outcome<OperatorKey[], AccessRefusal>> {
    const access = authorise(input.operator, 'organisation.settings.manage', input.organisationId);
    if (!access.ok) return access;
    if ((await this.organisations.get(input.organisationId)) === null) return refuse('not_found');
    return accept(await this.keys.listByOrganisation(input.organisationId));
  }
}
