import type { Membership } from '../../domain/roster/membership.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { OrganisationPages } from './organisation-pages.ts';

/** Department memberships of the organisation (or of one of its departments), oldest first, a page at a time. */
export class ListMembers extends OrganisationPages<Membership> {
  constructor(ports: Pick<Ports, 'organisations' | 'memberships' | 'cursors'>) {
    super(ports.organisations, ports.cursors, 'operator.members', 'roster.manage', (filter, page) => ports.memberships.page(filter, page));
  }
}
