import type { Credential } from '../../domain/credential/credential.ts';
import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { CredentialRepository } from '../ports/credential-repositories.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import { type AccessRefusal, readInOrganisation } from './operator-access.ts';

export class ListCredentials {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly credentials: CredentialRepository,
  ) {}

  execute(input: { operator: OperatorKey; organisationId: OrganisationId }): Promise<Outcome<Credential[], AccessRefusal>> {
    return readInOrganisation(this.organisations, input.operator, 'integrations.credential.manage', input.organisationId, () =>
      this.credentials.listByOrganisation(input.organisationId),
    );
  }
}
