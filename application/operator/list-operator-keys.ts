import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { OperatorKeyRepository } from '../ports/credential-repositories.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import { OrganisationListing } from './organisation-listing.ts';

/** The organisation's operator keys, revoked ones included; never a key or its hash. */
export class ListOperatorKeys extends OrganisationListing<OperatorKey> {
  constructor(organisations: OrganisationRepository, keys: OperatorKeyRepository) {
    super(organisations, 'organisation.settings.manage', (organisationId) => keys.listByOrganisation(organisationId));
  }
}
