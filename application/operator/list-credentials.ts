import type { Credential } from '../../domain/credential/credential.ts';
import type { CredentialRepository } from '../ports/credential-repositories.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import { OrganisationListing } from './organisation-listing.ts';

/** The organisation's integration credentials, revoked ones included; never a secret or its hash. */
export class ListCredentials extends OrganisationListing<Credential> {
  constructor(organisations: OrganisationRepository, credentials: CredentialRepository) {
    super(organisations, 'integrations.credential.manage', (organisationId) => credentials.listByOrganisation(organisationId));
  }
}
