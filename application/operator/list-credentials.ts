import type { Credential } from '../../domain/credential/credential.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { OrganisationListing } from './organisation-listing.ts';

/** The organisation's integration credentials, revoked ones included; never a secret or its hash. */
export class ListCredentials extends OrganisationListing<Credential> {
  constructor(ports: Pick<Ports, 'organisations' | 'credentials'>) {
    super(ports.organisations, 'integrations.credential.manage', (organisationId) => ports.credentials.listByOrganisation(organisationId));
  }
}
