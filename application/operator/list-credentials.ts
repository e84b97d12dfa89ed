import type { Credential } from '../../domain/credential/credential.ts';
import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { CredentialRepository } from '../ports/credential-repositories.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import { type AccessRefusal, authorise } from './operator-access.ts';

export class ListCredentials {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly credentials: CredentialRepository,
  ) {}

  async execute(input: { operator: OperatorKey; organisationId: OrganisationId }): Promise<Outcome<Credential[], AccessRefusal>> {
    const access = authorise(input.operator, 'integrations.credential.manage', input.organisationId);
    if (!access.ok) return access;
    if ((await this.organisations.get(input.organisationId)) === null) return refuse('not_found');
    return accept(await this.credentials.listByOrganisation(input.organisationId));
  }
}
