import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { OrganisationListing } from './organisation-listing.ts';

/** The organisation's operator keys, revoked ones included; never a key or its hash. */
export class ListOperatorKeys extends OrganisationListing<OperatorKey> {
  constructor(ports: Pick<Ports, 'organisations' | 'operatorKeys'>) {
    super(ports.organisations, 'organisation.settings.manage', (organisationId) => ports.operatorKeys.listByOrganisation(organisationId));
  }
}
