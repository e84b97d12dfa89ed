import type { Credential } from '../../domain/credential/credential.ts';
import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';
import type { CredentialRepository } from '../ports/credential-repositories.ts';
import { type AccessRefusal, authorise } from './operator-access.ts';

export class ListCredentials {
  constructor(private readonly credentials: CredentialRepository) {}

  async execute(input: { operator: OperatorKey; organisationId: OrganisationId }): Promise<Outcome<Credential[], AccessRefusal>> {
    const access = authorise(input.operator, 'integrations.credential.manage', input.organisationId);
    if (!access.ok) return access;
    return accept(await this.credentials.listByOrganisation(input.organisationId));
  }
}
